extension ObservableType {
    /// Drops the first `count` elements and passes on the rest.
    ///
    /// `--1--2--3--4--|` → `--------3--4--|` (`skip(2)`).
    ///
    /// Emits on the thread that emits upstream; terminal events pass through.
    /// - Precondition: `count >= 0`.
    @inlinable
    public func skip(_ count: Int) -> Observable<Element> {
        precondition(count >= 0, "skip(_:) needs a count >= 0, got \(count)")
        let source = self
        return Observable { observer in
            let sink = Sink<Element>(downstream: observer)
            var remaining = count
            let upstream = source.subscribe(
                sink.observer { (event: Event<Element>) in
                    switch event {
                    case .next(let element):
                        if remaining > 0 {
                            remaining -= 1
                        } else {
                            sink.forwardNext(element)
                        }
                    case .error, .completed: sink.forward(event)
                    }
                })
            return sink.setUpstream(upstream)
        }
    }

    /// Drops elements while `predicate` holds, then passes on every element from the first one
    /// for which it is `false` (the predicate is not called again after that).
    ///
    /// `--1--2--5--1--|` → `--------5--1--|` (`skip(while: { $0 < 3 })`).
    ///
    /// If `predicate` throws, the error is sent as `.error` and the upstream is disposed. Emits on
    /// the thread that emits upstream.
    @inlinable
    public func skip(while predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        let source = self
        return Observable { observer in
            let sink = Sink<Element>(downstream: observer)
            var skipping = true
            let upstream = source.subscribe(
                sink.observer { (event: Event<Element>) in
                    switch event {
                    case .next(let element):
                        if skipping {
                            do { skipping = try predicate(element) } catch {
                                sink.forward(.error(error))
                                return
                            }
                            if skipping { return }
                        }
                        sink.forwardNext(element)
                    case .error, .completed: sink.forward(event)
                    }
                })
            return sink.setUpstream(upstream)
        }
    }

    /// Drops elements until `other` emits its first element, then passes on the rest.
    ///
    /// `--1--2--3--4--|` with other `-------x--` → `--------3--4--|`.
    ///
    /// `other` is subscribed first and disposed after its first element. An error from `other`
    /// ends the sequence with that error. As in RxSwift, if the source completes before `other`
    /// has emitted, the subscription ends silently: downstream sees no completion, and everything
    /// the subscription made is released (both sources are unsubscribed). The two sources may emit
    /// on different threads: events are delivered one at a time.
    @inlinable
    public func skip<Other: ObservableType>(until other: Other) -> Observable<Element> {
        let source = self
        return Observable { observer in
            let serial = SerialSink<Element>(downstream: observer)
            let sink = Sink<Element>(downstream: serial.asObserver())
            // The subscription's disposable. The silent end disposes it too: that releases the
            // sinks it holds, and with them the downstream observer, which may hold this
            // disposable in turn (a `subscribe(onNext:)` keeps its upstream until it ends, and
            // here nothing ends it).
            let subscription = Disposables.create(with: {
                serial.dispose()
                sink.dispose()
            })
            let open = RaisedFlag()
            let otherSubscription = SingleAssignmentDisposable()
            let subscriptions = CompositeDisposable(otherSubscription)
            _ = sink.setUpstream(subscriptions)
            otherSubscription.setDisposable(
                other.subscribe(
                    sink.observer { (event: Event<Other.Element>) in
                        switch event {
                        case .next:
                            open.raise()
                            otherSubscription.dispose()
                        case .error(let error): sink.forward(.error(error))
                        case .completed: otherSubscription.dispose()
                        }
                    }))
            if !sink.isStopped {
                subscriptions.insert(
                    source.subscribe(
                        sink.observer { (event: Event<Element>) in
                            switch event {
                            case .next(let element):
                                if open.isRaised { sink.forwardNext(element) }
                            case .error:
                                sink.forward(event)
                            case .completed:
                                if open.isRaised {
                                    sink.forward(event)
                                } else {
                                    subscription.dispose()
                                }
                            }
                        }))
            }
            return subscription
        }
    }
}
