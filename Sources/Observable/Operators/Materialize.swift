/// A value that carries an ``Event``: what ``ObservableType/dematerialize()`` turns back into
/// events. ``Event`` itself conforms.
public protocol EventConvertible {
    /// The element type of the carried event.
    associatedtype Element

    /// The carried event.
    var event: Event<Element> { get }
}

extension Event: EventConvertible {
    /// The event itself.
    @inlinable
    public var event: Event<Element> { self }
}

extension ObservableType {
    /// Turns every event, terminal ones included, into an element; then completes.
    ///
    /// `--1--2--#` → `--next(1)--next(2)--(error(#)|)`.
    ///
    /// The result never fails: the source's error arrives as an `.error` element followed by
    /// completion, and the source's completion as a `.completed` element followed by completion.
    /// Emits on the thread that emits upstream.
    @inlinable
    public func materialize() -> Observable<Event<Element>> {
        let source = self
        return Observable { observer in
            let sink = Sink<Event<Element>>(downstream: observer)
            let upstream = source.subscribe(
                sink.observer { (event: Event<Element>) in
                    sink.forwardNext(event)
                    if event.isStopEvent { sink.forward(.completed) }
                })
            return sink.setUpstream(upstream)
        }
    }
}

extension ObservableType where Element: EventConvertible {
    /// Turns elements that carry events back into events: the inverse of ``materialize()``.
    ///
    /// `--next(1)--next(2)--error(#)--` → `--1--2--#`.
    ///
    /// The first carried `.error` or `.completed` ends the sequence and disposes the upstream.
    /// The source's own error is passed on; its own completion completes the result. Emits on
    /// the thread that emits upstream.
    @inlinable
    public func dematerialize() -> Observable<Element.Element> {
        let source = self
        return Observable { observer in
            let sink = Sink<Element.Element>(downstream: observer)
            let upstream = source.subscribe(
                sink.observer { (event: Event<Element>) in
                    switch event {
                    case .next(let carrier): sink.forward(carrier.event)
                    case .error, .completed: sink.forwardTerminal(event)
                    }
                })
            return sink.setUpstream(upstream)
        }
    }
}
