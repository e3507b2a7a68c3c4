import Observables
import Synchronization
import TestSupport

/// Records the events an observer receives; thread-safe so stress tests can read it.
final class EventRecorder<Element>: @unchecked Sendable {
    // @unchecked: `storage` is only touched under `lock` (a pthread mutex: the sanitizer sees it).
    private let lock = TestLock()
    private var storage: [Event<Element>] = []

    func on(_ event: Event<Element>) {
        lock.withLock { storage.append(event) }
    }

    var events: [Event<Element>] { lock.withLock { storage } }
    var elements: [Element] { events.compactMap(\.element) }
    var observer: AnyObserver<Element> { AnyObserver(eventHandler: { self.on($0) }) }
}

/// Detects overlapping calls: `enter()` / `exit()` around an observer's body.
final class OverlapDetector: Sendable {
    private let inFlight = Atomic<Int>(0)
    private let overlaps = Atomic<Int>(0)

    func enter() {
        if inFlight.add(1, ordering: .acquiringAndReleasing).newValue > 1 {
            overlaps.add(1, ordering: .relaxed)
        }
    }

    func exit() {
        inFlight.subtract(1, ordering: .acquiringAndReleasing)
    }

    var overlapCount: Int { overlaps.load(ordering: .acquiring) }
}

enum CoreTestError: Error, Equatable {
    case boom
    case other
}

/// An object whose lifetime tests watch through a weak reference.
final class Tracked: @unchecked Sendable {
    let id: Int
    init(_ id: Int = 0) { self.id = id }
}

/// Calls `make` with a new ``Tracked`` that only what `make` builds keeps alive (a subscription
/// whose closures capture it); returns what it built and whether the object has been released
/// since.
func withTracked<T>(_ make: (Tracked) -> T) -> (T, released: () -> Bool) {
    weak var weakTracked: Tracked?
    let made: T
    do {
        let tracked = Tracked()
        weakTracked = tracked
        made = make(tracked)
    }
    return (made, { weakTracked == nil })
}

#if canImport(Glibc)
    import Glibc
#endif
