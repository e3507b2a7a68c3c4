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
            let release = Disposables.create(with: { resource.dispose() })
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
                    if event.isStopEvent { release.dispose() }
                })
            // A composite disposes its members in order, so the resource after the sequence's
            // subscription, however deep that is.
            return Disposables.create(sink.setUpstream(upstream), release)
        }
    }
}
