/// The namespace of a type's reactive extensions, reached as `value.rx` (RxSwift's `Reactive`).
///
/// Extend `Reactive where Base: YourType` with the ``Binder``s and sequences of your type; they
/// read `base`, the extended value. Any writable property of a class is also reachable without
/// an extension, as a ``Binder`` through its key path (`view.rx.isHidden`); an extension's
/// member of the same name wins over it.
///
/// ```swift
/// final class TitleView: ReactiveCompatible {
///     var title = ""
///     var isHidden = false
/// }
/// extension Reactive where Base: TitleView {
///     var title: Binder<String> { Binder(base) { view, title in view.title = title } }
/// }
/// _ = Observable.just("Inbox").bind(to: view.rx.title)  // view.title == "Inbox"
/// _ = Observable.just(true).bind(to: view.rx.isHidden)  // through the key path
/// ```
///
/// Unlike RxSwift, no type is `ReactiveCompatible` by default: RxSwift extends `NSObject`, which
/// needs the Objective-C runtime (there is none on Linux), so adopt ``ReactiveCompatible`` in
/// your own types.
@dynamicMemberLookup
public struct Reactive<Base> {
    /// The extended value.
    public let base: Base

    /// The reactive extensions of `base`.
    @inlinable
    public init(_ base: Base) {
        self.base = base
    }

    /// A ``Binder`` that sets the property at `keyPath` of `base` to each element: `view.rx.title`
    /// for `\.title`. As every ``Binder`` does, it holds `base` weakly (elements after `base` is
    /// gone are dropped), sets the property on a ``MainScheduler`` of its own (at once when already
    /// on the main thread), ignores completion and sends an error to ``Hooks/unhandledError``.
    @inlinable
    public subscript<Property>(
        dynamicMember keyPath: ReferenceWritableKeyPath<Base, Property>
    ) -> Binder<Property> where Base: AnyObject {
        Binder(base) { base, value in
            base[keyPath: keyPath] = value
        }
    }
}

/// A type with reactive extensions, reached as `value.rx` and `Type.rx` (RxSwift's
/// `ReactiveCompatible`). Adopt it with an empty conformance (`extension MyView:
/// ReactiveCompatible {}`) and extend ``Reactive`` `where Base: MyView`.
///
/// No type adopts it by default (RxSwift's `NSObject` conformance needs the Objective-C runtime,
/// absent on Linux).
public protocol ReactiveCompatible {
    /// The type the extensions extend (`Self`).
    associatedtype ReactiveBase

    /// The reactive extensions of the type, for static members (`MyView.rx.someStaticSequence`).
    static var rx: Reactive<ReactiveBase>.Type { get set }

    /// The reactive extensions of this value.
    var rx: Reactive<ReactiveBase> { get set }
}

extension ReactiveCompatible {
    /// `Reactive<Self>.self`. The setter does nothing: it lets a mutating member of
    /// `Reactive<Self>.Type` be called through `Self.rx`.
    public static var rx: Reactive<Self>.Type {
        get { Reactive<Self>.self }
        set {}
    }

    /// `Reactive(self)`. The setter does nothing: it lets a mutating member of `Reactive<Self>`
    /// be called through `value.rx`.
    public var rx: Reactive<Self> {
        get { Reactive(self) }
        set {}
    }
}
