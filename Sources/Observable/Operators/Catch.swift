import Synchronization

extension ObservableType {
    /// On error, continues with the sequence that `handler` returns for that error.
    ///
    /// `--1--2--#` → `--1--2--(handler's events)`, e.g. `--1--2--9|` with `catch { _ in .just(9) }`.
    ///
    /// `handler` runs on the thread that delivered the error, not under any lock. If it throws,
    /// that error ends the result. Only the first error is caught: an error from the returned
    /// sequence ends the result. Completion passes through.
    ///
    /// The returned sequence is subscribed on that thread, at once; but when the error arrives
    /// while another `catch` on the same thread is subscribing its own fallback (nested `catch`
    /// operators failing over one after another), it is subscribed right after that
    /// subscription returns. So a chain of thousands of nested `catch` fails over in a loop, not
    /// by recursion. The failed source's subscription is disposed once the returned sequence's
    /// `subscribe` has returned, as in RxSwift.
    @inlinable
    public func `catch`(_ handler: @escaping (Swift.Error) throws -> Observable<Element>) -> Observable<Element> {
        let source = self
        return Observable { observer in
            let sink = CatchSink(downstream: observer, handler: handler)
            sink.fillUpstream(source.subscribe(sink.sourceObserver()))
            return sink
        }
    }

    /// `catch(_:)` whose handler returns a subject, relay or
    /// other observable type (RxSwift's subjects are `Observable`s; here `Observable` is a struct).
    @inlinable
    public func `catch`<Fallback: ObservableConvertibleType>(
        _ handler: @escaping (Swift.Error) throws -> Fallback
    ) -> Observable<Element> where Fallback.Element == Element {
        `catch` { error -> Observable<Element> in try handler(error).asObservable() }
    }

    /// The elements of the first source; if it fails, those of the next one, and so on, until a
    /// source completes.
    ///
    /// `a: -1-#`, `b: -2-#`, `c: -3|` → `-1--2--3|`.
    ///
    /// If every source fails, the last error ends the result; an empty sequence completes at
    /// once. Each source is subscribed when the previous one fails (after disposing it), on the
    /// thread that delivered the error; sources that fail synchronously are followed in a loop,
    /// not by recursion. The sequence is iterated as sources are needed.
    @inlinable
    public static func `catch`<Sources: Sequence>(sequence: Sources) -> Observable<Element>
    where Sources.Element == Observable<Element> {
        Observable { observer in
            var sources = sequence.makeIterator()
            return RetryCore<Element>(downstream: observer) { sources.next() }.run()
        }
    }

    /// On error, emits `element` and completes.
    ///
    /// `--1--2--#` → `--1--2--(9|)` (`catchAndReturn(9)`).
    @inlinable
    public func catchAndReturn(_ element: Element) -> Observable<Element> {
        self.catch { _ in Observable.just(element) }
    }
}

// MARK: - Implementation

/// Runs `catch`: forwards the source's events, and on its error subscribes the handler's sequence
/// and forwards that one's.
///
/// The source and the fallback never emit at the same time (the fallback is subscribed after the
/// source's last event), so no serialization is needed; each has its own segment head: the sink
/// for the source, a ``CatchFallback`` for the fallback. `state` decides, with atomics, between a
/// switch to the fallback and a concurrent dispose.
/// @unchecked: `state` is atomic; `fallbackHead` is written once before the releasing CAS that
/// sets `switched`, and read only after seeing that bit; the rest is immutable or
/// ``StopSignal``'s.
@usableFromInline
final class CatchSink<Element>: StopSignal, Cancelable, @unchecked Sendable {
    @usableFromInline static var switched: UInt8 { 1 }
    @usableFromInline static var stopped: UInt8 { 2 }

    @usableFromInline let downstream: AnyObserver<Element>
    @usableFromInline let handler: (Swift.Error) throws -> Observable<Element>
    @usableFromInline let state = Atomic<UInt8>(0)
    @exclusivity(unchecked) @usableFromInline var fallbackHead: CatchFallback?

    @inlinable
    init(downstream: AnyObserver<Element>, handler: @escaping (Swift.Error) throws -> Observable<Element>) {
        self.downstream = downstream
        self.handler = handler
        super.init()
        resourceAllocated()
    }

    deinit {
        resourceReleased()
        DeferredRelease.keep(downstream)
    }

    @inlinable
    var isDisposed: Bool {
        state.load(ordering: .acquiring) & Self.stopped != 0
    }

    @inlinable
    func sourceObserver() -> AnyObserver<Element> {
        AnyObserver(
            eventHandler: { event in
                // After its error the source is done, also while the fallback is being
                // subscribed (it is disposed after): whatever a broken source sends then is dropped.
                if self.state.load(ordering: .acquiring) & Self.switched != 0 { return }
                switch event {
                case .next(let element): self.forwardNext(element, head: self)
                case .error(let error): self.switchToFallback(after: error)
                case .completed: self.forwardTerminal(event)
                }
            }, stopSignal: self)
    }

    /// Forwards `.next(element)` unless stopped; raises `head`'s flag if downstream has stopped.
    @inlinable
    func forwardNext(_ element: Element, head: StopSignal) {
        if state.load(ordering: .acquiring) & Self.stopped != 0 { return }
        downstream.on(.next(element))
        if downstream.isStopped { head.requestStop() }
    }

    /// Forwards a terminal event (once), then disposes the subscriptions.
    @inlinable
    func forwardTerminal(_ event: Event<Element>) {
        let old = state.bitwiseOr(Self.stopped, ordering: .acquiringAndReleasing).oldValue
        guard old & Self.stopped == 0 else { return }
        downstream.on(event)
        stopUpstream()
        if old & Self.switched != 0 { fallbackHead?.stopUpstream() }
    }

    @inlinable
    func switchToFallback(after error: Swift.Error) {
        if state.load(ordering: .acquiring) != 0 { return }
        let fallback: Observable<Element>
        do { fallback = try handler(error) } catch {
            forwardTerminal(.error(error))
            return
        }
        let head = CatchFallback(downstreamSignal: downstream.stopSignal)
        fallbackHead = head
        guard
            state.compareExchange(expected: 0, desired: Self.switched, ordering: .acquiringAndReleasing).exchanged
        else { return }
        let observer = AnyObserver<Element>(
            eventHandler: { event in
                switch event {
                case .next(let element): self.forwardNext(element, head: head)
                case .error, .completed: self.forwardTerminal(event)
                }
            }, stopSignal: head)
        // The fallback is subscribed before the failed source is disposed, as RxSwift's serial
        // disposable does it (and `timeout(_:other:)` here): a synchronous fallback's events
        // come before the source's disposal.
        catchFallbackTrampoline.run {
            head.fillUpstream(fallback.subscribe(observer))
            self.stopUpstream()
        }
    }

    @inlinable
    override func dispose() {
        let old = state.bitwiseOr(Self.stopped, ordering: .acquiringAndReleasing).oldValue
        guard old & Self.stopped == 0 else { return }
        stopUpstream()
        if old & Self.switched != 0 { fallbackHead?.stopUpstream() }
    }

    /// The source let go without terminating: nothing can come any more (the fallback only
    /// starts after an error), so for the segment downstream this sink is a source that let go.
    @inlinable
    override func sourceReleased() {
        super.sourceReleased()
        if state.load(ordering: .acquiring) == 0 { SourceRelease.notify(downstream.stopSignal) }
    }
}

/// The head of a `catch` fallback's segment (see ``StopSignal``).
/// @unchecked: `downstreamSignal` is immutable; the rest is ``StopSignal``'s.
@usableFromInline
final class CatchFallback: StopSignal, @unchecked Sendable {
    @usableFromInline let downstreamSignal: StopSignal?

    @inlinable
    init(downstreamSignal: StopSignal?) {
        self.downstreamSignal = downstreamSignal
        super.init()
    }

    /// The fallback let go without terminating: for the segment downstream, so did `catch`.
    @inlinable
    override func sourceReleased() {
        super.sourceReleased()
        SourceRelease.notify(downstreamSignal)
    }
}

/// Subscribes `catch` fallbacks one after another when nested `catch` operators fail over
/// during each other's fallback subscription (see ``ThreadTrampoline``).
@usableFromInline
let catchFallbackTrampoline = ThreadTrampoline()
