import Synchronization

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
    ///   - onDispose: once per subscription, after this sequence's subscription was disposed:
    ///     after a terminal event (and its `after` closure), or when the subscription is disposed,
    ///     whichever comes first. A source that terminates while being subscribed is disposed once
    ///     `subscribe` returns, so `onDispose` then runs after `onSubscribed`, as in RxSwift.
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
        let closures = DoClosures(
            onNext: onNext, afterNext: afterNext, onError: onError, afterError: afterError, onCompleted: onCompleted,
            afterCompleted: afterCompleted)
        return Observable { observer in
            onSubscribe?()
            guard onDispose != nil || afterCompleted != nil || afterError != nil else {
                // Nothing to do on dispose: a stage of the downstream's segment, whose sink holds
                // the closures (its event closure captures nothing else).
                let stage = StageSink(downstream: observer, payload: closures, variable: ())
                let upstream = source.subscribe(
                    stage.observer { (event: Event<Element>) in
                        stage.payload.handle(event, sink: stage, release: nil)
                    })
                onSubscribed?()
                return stage.setUpstream(upstream)
            }
            // The sink heads its own segment: disposing the result also runs `onDispose`.
            let sink = Sink<Element>(downstream: observer, ownsUpstream: true)
            // Orders the source's disposal and `onDispose` after the `after` closures. It heads
            // the source's segment: stages above put their subscription in its slot, which it
            // disposes (after any `after` closure) before running `onDispose`.
            let release = DoRelease(onDispose: onDispose, downstreamHead: sink)
            let handler = { (event: Event<Element>) in closures.handle(event, sink: sink, release: release) }
            release.fillUpstream(source.subscribe(AnyObserver(eventHandler: handler, stopSignal: release)))
            onSubscribed?()
            // The sink disposes `release` after a terminal event (and its `after` closure) or when
            // the subscription is disposed: the source first, then `onDispose`.
            return sink.setUpstream(release)
        }
    }
}

// MARK: - Implementation

/// `do`'s event closures, and what it does with each event.
@usableFromInline
struct DoClosures<Element> {
    @usableFromInline let onNext: ((Element) throws -> Void)?
    @usableFromInline let afterNext: ((Element) throws -> Void)?
    @usableFromInline let onError: ((Swift.Error) throws -> Void)?
    @usableFromInline let afterError: ((Swift.Error) throws -> Void)?
    @usableFromInline let onCompleted: (() throws -> Void)?
    @usableFromInline let afterCompleted: (() throws -> Void)?

    @inlinable
    init(
        onNext: ((Element) throws -> Void)?, afterNext: ((Element) throws -> Void)?,
        onError: ((Swift.Error) throws -> Void)?, afterError: ((Swift.Error) throws -> Void)?,
        onCompleted: (() throws -> Void)?, afterCompleted: (() throws -> Void)?
    ) {
        (self.onNext, self.afterNext, self.onError) = (onNext, afterNext, onError)
        (self.afterError, self.onCompleted, self.afterCompleted) = (afterError, onCompleted, afterCompleted)
    }

    /// Runs the closures for `event` around passing it to `sink`. `release` is the head of the
    /// source's segment when `do` has `onDispose` or an `after` closure for a terminal event.
    @inlinable @inline(__always)
    func handle(_ event: Event<Element>, sink: Sink<Element>, release: DoRelease?) {
        switch event {
        case .next(let element):
            do { try onNext?(element) } catch {
                sink.forward(.error(error))
                return
            }
            sink.forwardNext(element)
            // Downstream has all it wants: stop a synchronous producer above too.
            if let release, sink.isDisposed { release.requestStop() }
            do { try afterNext?(element) } catch { sink.forward(.error(error)) }
        case .error(let failure):
            do { try onError?(failure) } catch {
                sink.forward(.error(error))
                return
            }
            release?.hold()
            sink.forward(.error(failure)) {
                do { try afterError?(failure) } catch { Hooks.reportUnhandled(error) }
            }
            // Also when the sink had stopped (a disposal raced this error and waits).
            release?.letGo()
        case .completed:
            do { try onCompleted?() } catch {
                sink.forward(.error(error))
                return
            }
            release?.hold()
            sink.forward(.completed) {
                do { try afterCompleted?() } catch { Hooks.reportUnhandled(error) }
            }
            release?.letGo()
        }
    }
}

/// The head of `do`'s source segment when it has `onDispose` or an `after` hook (see
/// ``StopSignal``): disposing it disposes the source, then runs `onDispose`, once. While a terminal
/// event and its `after` closure run (between ``hold()`` and ``letGo()``), a disposal (downstream
/// disposing as it receives the terminal event) waits for `letGo()`: the order is the event,
/// `after`, the source's disposal, `onDispose`, as in RxSwift.
/// @unchecked: `state` is atomic; `onDispose` and `downstreamHead` are immutable; the rest is
/// ``StopSignal``'s.
@usableFromInline
final class DoRelease: StopSignal, @unchecked Sendable {
    @usableFromInline static var open: UInt8 { 0 }
    @usableFromInline static var held: UInt8 { 1 }
    @usableFromInline static var heldAndDisposed: UInt8 { 2 }
    @usableFromInline static var disposed: UInt8 { 3 }

    @usableFromInline let state = Atomic<UInt8>(0)
    @usableFromInline let onDispose: (() -> Void)?
    /// `do`'s sink, which holds this in its slot: told when the source lets go of this segment.
    @usableFromInline let downstreamHead: StopSignal

    @inlinable
    init(onDispose: (() -> Void)?, downstreamHead: StopSignal) {
        self.onDispose = onDispose
        self.downstreamHead = downstreamHead
        super.init()
    }

    /// A terminal event is being passed on: disposals wait until ``letGo()``.
    @inlinable
    func hold() {
        _ = state.compareExchange(expected: Self.open, desired: Self.held, ordering: .acquiringAndReleasing)
    }

    /// The terminal event and its `after` closure are done: runs a disposal that waited.
    @inlinable
    func letGo() {
        let (exchanged, current) = state.compareExchange(
            expected: Self.held, desired: Self.open, ordering: .acquiringAndReleasing)
        if !exchanged && current == Self.heldAndDisposed {
            state.store(Self.disposed, ordering: .releasing)
            release()
        }
    }

    @inlinable
    override func dispose() {
        var current = state.load(ordering: .acquiring)
        while current < Self.heldAndDisposed {
            let target = current == Self.held ? Self.heldAndDisposed : Self.disposed
            let (exchanged, actual) = state.compareExchange(
                expected: current, desired: target, ordering: .acquiringAndReleasing)
            if exchanged {
                if target == Self.disposed { release() }
                return
            }
            current = actual
        }
    }

    /// Disposes the source, then runs `onDispose`.
    @inlinable
    func release() {
        requestStop()
        if let onDispose { disposeUpstream(then: onDispose) } else { disposeUpstream() }
    }

    /// The source let go without terminating: so does `do`'s sink (nothing is disposed, and
    /// `onDispose` does not run, as for a direct subscription to a deallocated subject).
    @inlinable
    override func sourceReleased() {
        super.sourceReleased()
        SourceRelease.notify(downstreamHead)
    }
}
