#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Something that ends when the object it belongs to is released.
@usableFromInline
protocol TearDownable: AnyObject {
    func tearDown()
}

/// Held by every `StoreProperty` and `Pulse`: when the property is released (normally together
/// with its Fluxer), the pipelines attached to it are torn down. This is how a Fluxer's release
/// reaches its pipeline without an Objective-C runtime: the pipeline is found by
/// ``attachLifetimeAnchors(of:to:)`` when it starts. The anchor holds its pipelines strongly
/// (no cycle: a pipeline holds its Fluxer only weakly, and never its store), because a weakly
/// referenced pipeline would pay the slow reference-counting path on every retain.
/// @unchecked: `targets` is only touched under `lock` (and in `deinit`).
@usableFromInline
final class LifetimeAnchor: @unchecked Sendable {
    private let lock = Lock()
    private var targets: [any TearDownable] = []

    @usableFromInline
    init() {}

    func attach(_ target: any TearDownable) {
        lock.withLock { targets.append(target) }
    }

    deinit {
        for target in targets { target.tearDown() }
    }
}

/// A type that carries a ``LifetimeAnchor``.
protocol LifetimeAnchorCarrier {
    var lifetimeAnchor: LifetimeAnchor { get }
}

extension StoreProperty: LifetimeAnchorCarrier {}
extension Pulse: LifetimeAnchorCarrier {}

/// Attaches `target` to the lifetime anchors of every `StoreProperty` and `Pulse` found in
/// `object`'s stored properties, looking through structs, tuples and optionals (not through
/// other objects or collections). Returns how many were found. Runs once per pipeline.
@usableFromInline
func attachLifetimeAnchors(of object: AnyObject, to target: any TearDownable) -> Int {
    var found = 0
    func visit(_ value: Any, depth: Int) {
        if let carrier = value as? LifetimeAnchorCarrier {
            carrier.lifetimeAnchor.attach(target)
            found += 1
            return
        }
        guard depth < 6 else { return }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .struct, .tuple, .optional, .enum:
            for child in mirror.children { visit(child.value, depth: depth + 1) }
        default:
            return
        }
    }
    var mirror: Mirror? = Mirror(reflecting: object)
    while let current = mirror {
        for child in current.children { visit(child.value, depth: 1) }
        mirror = current.superclassMirror
    }
    return found
}

/// An identifier of the calling thread, never 0.
@inlinable
@inline(__always)
func currentThreadID() -> UInt {
    UInt(pthread_self())
}
