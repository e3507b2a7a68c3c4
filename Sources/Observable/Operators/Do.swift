extension ObservableType {
    /// Runs side effects for the events and the lifetime of each subscription, passing every
    /// event through unchanged.
    ///
    /// `--1--2--|` → `--1--2--|` (with `onNext` called for 1 and 2, then `onCompleted`).
    ///
    /// - Parameters:
    ///   - onNext: before an element is sent downstream. A throw sends that error instead (and
    ///     disposes upstream).
    ///   - afterNext: after an element was sent downstream. A throw ends the result with it.
    ///   - onError: before the error is sent downstream. A throw sends that error instead.
    ///   - afterError: after the error was sent downstream. Nothing can be sent after the error,
    ///     so a throw goes to ``Hooks/unhandledError`` (never silently lost).
    ///   - onCompleted: before completion is sent downstream. A throw sends `.error` instead.
    ///   - afterCompleted: after completion was sent downstream; a throw goes to
    ///     ``Hooks/unhandledError``.
    ///   - onSubscribe: before this sequence is subscribed.
    ///   - onSubscribed: after this sequence was subscribed.
    ///   - onDispose: once per subscription, after the terminal event (and its `after` closure)
    ///     or when the subscription is disposed, whichever comes first.
    ///
    /// The event closures run on the thread that delivers the event, not under any lock.
    @inlinable
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Observable<Element> {
        let source = self
        return Observable { observer in
            onSubscribe?()
            // The sink heads its own segment: disposing the result also runs `onDispose`.
            let sink = Sink<Element>(downstream: observer, ownsUpstream: true)
            let disposeAction = Disposables.create(with: { onDispose?() })
            let upstream = source.subscribe(
                sink.observer { (event: Event<Element>) in
                    switch event {
                    case .next(let element):
                        do { try onNext?(element) } catch {
                            sink.forward(.error(error))
                            disposeAction.dispose()
                            return
                        }
                        sink.forwardNext(element)
                        do { try afterNext?(element) } catch {
                            sink.forward(.error(error))
                            disposeAction.dispose()
                        }
                    case .error(let failure):
                        do { try onError?(failure) } catch {
                            sink.forward(.error(error))
                            disposeAction.dispose()
                            return
                        }
                        sink.forward(.error(failure))
                        do { try afterError?(failure) } catch { Hooks.reportUnhandled(error) }
                        disposeAction.dispose()
                    case .completed:
                        do { try onCompleted?() } catch {
                            sink.forward(.error(error))
                            disposeAction.dispose()
                            return
                        }
                        sink.forward(.completed)
                        do { try afterCompleted?() } catch { Hooks.reportUnhandled(error) }
                        disposeAction.dispose()
                    }
                })
            onSubscribed?()
            let subscription = sink.setUpstream(upstream)
            return Disposables.create(subscription, disposeAction)
        }
    }
}
