/// An observer that applies each element to a target object, on a scheduler, for as long as the
/// target is alive (RxSwift's `Binder`).
///
/// - The target is held weakly: a binder never keeps it alive, and once it is gone the binding
///   is no longer called.
/// - Each element is applied by `binding` on `scheduler` (by default a `MainScheduler()` of the
///   binder's own, as in RxSwift: it runs at once when already on the main thread, also inside
///   work another main scheduler runs there, such as a `Driver`'s delivery).
/// - Completion is ignored. An error cannot be bound: it goes to ``Hooks/unhandledError``
///   (RxSwift stops the program in debug builds).
///
/// ```swift
/// final class Label { var text = "" }
/// let label = Label()
/// let text = Binder(label) { label, value in label.text = value }
/// _ = Observable.just("hello").bind(to: text)  // label.text == "hello" (on the main thread)
/// ```
public struct Binder<Value>: ObserverType {
    @usableFromInline
    let binding: (Event<Value>) -> Void

    /// Makes a binder that calls `binding(target, element)` on `scheduler` for each element, while
    /// `target` is alive.
    @inlinable
    public init<Target: AnyObject>(
        _ target: Target,
        scheduler: ImmediateSchedulerType = MainScheduler(),
        binding: @escaping (Target, Value) -> Void
    ) {
        self.binding = { [weak target] event in
            switch event {
            case .next(let element):
                _ = scheduler.schedule(element) { [weak target] element in
                    if let target {
                        binding(target, element)
                    }
                    return Disposables.create()
                }
            case .error(let error):
                Hooks.reportUnhandled(error)
            case .completed:
                break
            }
        }
    }

    /// Applies `.next` elements to the target (on the binder's scheduler); see ``Binder``.
    @inlinable
    public func on(_ event: Event<Value>) {
        binding(event)
    }

    /// The binder as an ``AnyObserver``.
    @inlinable
    public func asObserver() -> AnyObserver<Value> {
        AnyObserver(eventHandler: binding)
    }
}
