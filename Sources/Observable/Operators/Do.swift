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
        return Observable { observer in
            onSubscribe?()
            let sink = Sink<Element>(downstream: observer)
            // Only needed to order the source's disposal and `onDispose` after the `after` hooks.
            let release = onDispose != nil || afterCompleted != nil || afterError != nil
                ? DoRelease(onDispose: onDispose) : nil
            let upstream = source.subscribe(
                sink.observer { (event: Event<Element>) in
                    switch event {
                    case .next(let element):
                        do { try onNext?(element) } catch {
                            sink.forward(.error(error))
                            return
                        }
                        sink.forwardNext(element)
                        do { try afterNext?(element) } catch { sink.forward(.error(error)) }
                    case .error(let failure):
                        do { try onError?(failure) } catch {
                            sink.forward(.error(error))
                            return
                        }
                        release?.hold()
                        sink.forward(.error(failure)) {
                            do { try afterError?(failure) } catch { Hooks.reportUnhandled(error) }
                            release?.letGo()
                        }
                    case .completed:
                        do { try onCompleted?() } catch {
                            sink.forward(.error(error))
                            return
                        }
                        release?.hold()
                        sink.forward(.completed) {
                            do { try afterCompleted?() } catch { Hooks.reportUnhandled(error) }
                            release?.letGo()
                        }
                    }
                })
            onSubscribed?()
            // The sink disposes the upstream after a terminal event (and its `after` closure) or
            // when the subscription is disposed: the source first, then `onDispose`.
            guard let release else { return sink.setUpstream(upstream) }
            release.setUpstream(upstream)
            return sink.setUpstream(release)
        }
    }
}

// MARK: - Implementation

/// Releases `do`'s source, then runs `onDispose`, once. While a terminal event and its `after`
/// closure run (between ``hold()`` and ``letGo()``), a disposal (downstream disposing as it
/// receives the terminal event) waits for `letGo()`: the order is the event, `after`, the
/// source's disposal, `onDispose`, as in RxSwift.
/// @unchecked: `upstream` is written once, before `state` can reach `disposed` through a
/// releasing exchange, and read only by the thread whose exchange moved it there; `onDispose`
/// is immutable.
@usableFromInline
final class DoRelease: Cancelable, @unchecked Sendable {
    @usableFromInline static var open: UInt8 { 0 }
    @usableFromInline static var held: UInt8 { 1 }
    @usableFromInline static var heldAndDisposed: UInt8 { 2 }
    @usableFromInline static var disposed: UInt8 { 3 }

    @usableFromInline let state = Atomic<UInt8>(0)
    @usableFromInline let onDispose: (() -> Void)?
    @exclusivity(unchecked) @usableFromInline var upstream: Disposable?

    @inlinable
    init(onDispose: (() -> Void)?) {
        self.onDispose = onDispose
    }

    @inlinable
    var isDisposed: Bool { state.load(ordering: .acquiring) >= Self.heldAndDisposed }

    /// Called once, before the sink can dispose this (the sink gets it afterwards).
    @inlinable
    func setUpstream(_ disposable: Disposable) {
        upstream = disposable
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
    func dispose() {
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

    @inlinable
    func release() {
        let source = upstream
        upstream = nil
        source?.dispose()
        onDispose?()
    }
}

