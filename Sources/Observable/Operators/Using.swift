import Synchronization

extension ObservableType {
    /// Makes a resource for each subscription and a sequence that uses it; the resource is
    /// disposed when the sequence terminates or the subscription is disposed.
    ///
    /// `(resource made)--1--2--|(resource disposed)`.
    ///
    /// Both factories run on the subscribing thread. If `resourceFactory` throws, the result
    /// fails with that error; if `observableFactory` throws, the result fails and the resource
    /// is disposed. The resource is disposed exactly once, after the terminal event has been
    /// delivered (or on dispose, after the sequence's subscription).
    @inlinable
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping () throws -> Resource,
        observableFactory: @escaping (Resource) throws -> Observable<Element>
    ) -> Observable<Element> {
        Observable { observer in
            let resource: Resource
            do { resource = try resourceFactory() } catch {
                observer.on(.error(error))
                return Disposables.create()
            }
            let release = UsingRelease(resource)
            let source: Observable<Element>
            do { source = try observableFactory(resource) } catch {
                observer.on(.error(error))
                release.dispose()
                return Disposables.create()
            }
            // The sink heads its own segment: disposing the result also releases the resource.
            let sink = Sink<Element>(downstream: observer, ownsUpstream: true)
            let upstream = source.subscribe(
                sink.observer { (event: Event<Element>) in
                    sink.forward(event)
                    if event.isStopEvent { release.terminated() }
                })
            let subscription = sink.setUpstream(upstream)
            // A sequence that ended while being subscribed had no subscription to dispose yet:
            // `setUpstream` has just disposed it, so the resource goes now, after it.
            release.step()
            // A composite disposes its members in order, so the resource after the sequence's
            // subscription, however deep that is.
            return Disposables.create(subscription, release)
        }
    }
}

/// Disposes `using`'s resource once: on dispose, or at the second of two steps, the sequence's
/// terminal event and the end of its `subscribe` (in either order), so that the resource always
/// goes after the sequence's subscription, also when the sequence ends while being subscribed.
/// @unchecked Sendable: `resource` is immutable; `steps`, `released` and `terminal` are atomics.
@usableFromInline
final class UsingRelease<Resource: Disposable>: Disposable, @unchecked Sendable {
    @usableFromInline let resource: Resource
    @usableFromInline let steps = Atomic<Int>(0)
    @usableFromInline let released = Atomic<Bool>(false)
    @usableFromInline let terminal = Atomic<Bool>(false)

    @inlinable
    init(_ resource: Resource) {
        self.resource = resource
    }

    /// The sequence's terminal event: a step, once (a broken source may send two).
    @inlinable
    func terminated() {
        if !terminal.exchange(true, ordering: .acquiringAndReleasing) { step() }
    }

    /// One of the two steps; the second disposes the resource.
    @inlinable
    func step() {
        if steps.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue == 2 { dispose() }
    }

    @inlinable
    func dispose() {
        if !released.exchange(true, ordering: .acquiringAndReleasing) { resource.dispose() }
    }
}
