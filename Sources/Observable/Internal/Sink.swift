/// The downstream half of a single-source operator: forwards events to one observer and
/// enforces the grammar (nothing after a terminal event).
///
/// A sink is a stage of its downstream's segment (see ``StopSignal``) when the downstream
/// observer carries a signal that accepts members: its observer upstream carries that same
/// signal, the upstream subscription goes into that signal's slot, and `setUpstream` returns the
/// signal. The sink then holds only its downstream observer: nothing holds the sink but the
/// observer chain its source keeps, so the stages of a chain never form a cycle, and disposing the
/// chain is one call on its head, however many stages it has.
///
/// Otherwise (no signal downstream, a signal that takes no members, or an operator with work of
/// its own on dispose: `ownsUpstream`) the sink is itself the head of its upstream's segment. It
/// then also checks after each element whether downstream has stopped, and raises its own flag
/// if so, so that a synchronous producer above it ends as early as when the stage shares the
/// signal.
///
/// - After a terminal event is forwarded, or after `dispose()`, the segment is stopped: later
///   elements are dropped and the upstream subscription is disposed.
/// - Forwarding assumes the upstream delivers serially (the library's contract); operators that
///   merge several sources put a ``SerialSink`` in front.
///
/// A stage whose closure needs more than the sink (a transform, a count) uses a ``StageSink``,
/// which holds it: the closure then captures the sink alone and needs no context of its own.
/// Every member is `final`: only ``StageSink`` adds to the class, and nothing overrides.
/// @unchecked: `downstream` and `sharesSegment` are immutable; the rest is ``StopSignal``'s.
@usableFromInline
class Sink<Output>: StopSignal, Cancelable, @unchecked Sendable {
    @usableFromInline let downstream: AnyObserver<Output>
    /// `true`: a stage of the downstream signal's segment; `false`: heads its own.
    @usableFromInline let sharesSegment: Bool

    @inlinable
    init(downstream: AnyObserver<Output>, ownsUpstream: Bool = false) {
        self.downstream = downstream
        self.sharesSegment = !ownsUpstream && downstream.stopSignal?.acceptsMembers == true
        super.init()
        resourceAllocated()
    }

    deinit {
        resourceReleased()
        DeferredRelease.keep(downstream)
    }

    /// The signal this sink's upstream checks and whose slot holds the upstream subscription.
    @inlinable
    final var segment: StopSignal {
        sharesSegment ? downstream.stopSignal.unsafelyUnwrapped : self
    }

    /// `true` after a terminal event or `dispose()`, or once downstream has stopped (as far as
    /// this sink's segment knows).
    @inlinable
    final var isDisposed: Bool {
        segment.isStopped
    }

    /// Makes an observer for the upstream that calls `handler`, carrying the segment's signal.
    @inlinable
    final func observer<Input>(_ handler: @escaping (Event<Input>) -> Void) -> AnyObserver<Input> {
        AnyObserver(eventHandler: handler, stopSignal: segment)
    }

    /// Stores the upstream subscription in the segment's slot (disposing it at once if the
    /// segment already stopped) and returns the disposable for downstream: the segment's signal.
    @inlinable
    final func setUpstream(_ disposable: Disposable) -> Disposable {
        let head = segment
        head.fillUpstream(disposable)
        return head
    }

    /// Forwards `.next(element)` unless stopped.
    ///
    /// Kept small (the head's case is out of line) so that it inlines into each stage's closure:
    /// a value travelling down a chain then takes one stack frame per stage (112 bytes in a
    /// release build; 176 when this did not inline).
    @inlinable
    final func forwardNext(_ element: Output) {
        guard sharesSegment else { return forwardNextAsHead(element) }
        if downstream.stopSignal.unsafelyUnwrapped.isStopped { return }
        downstream.on(.next(element))
    }

    /// `forwardNext` of a head: after the delivery, raises its own flag if downstream stopped.
    @inlinable
    @inline(never)
    final func forwardNextAsHead(_ element: Output) {
        if isStopped { return }
        downstream.on(.next(element))
        if downstream.stopSignal?.isStopped == true { requestStop() }
    }

    /// Forwards `event`; a terminal event stops the segment and disposes the upstream.
    @inlinable
    final func forward(_ event: Event<Output>) {
        switch event {
        case .next(let element):
            forwardNext(element)
        case .error, .completed:
            let head = segment
            guard !head.isStopped else { return }
            downstream.on(event)
            head.stopUpstream()
        }
    }

    /// Forwards the terminal `event`, then runs `after`, then disposes the upstream (`do`'s
    /// `afterCompleted` and `afterError` run before the source is released). Does nothing if the
    /// sink already stopped.
    @inlinable
    final func forward(_ event: Event<Output>, then after: () -> Void) {
        let head = segment
        guard !head.isStopped else { return }
        downstream.on(event)
        after()
        head.stopUpstream()
    }

    /// Forwards a terminal event from an upstream of another element type.
    @inlinable
    final func forwardTerminal<Input>(_ event: Event<Input>) {
        switch event {
        case .next: break
        case .error(let error): forward(.error(error))
        case .completed: forward(.completed)
        }
    }

    /// Stops the segment without sending anything downstream and disposes the upstream.
    @inlinable
    final override func dispose() {
        segment.stopUpstream()
    }

    /// A head sink whose source let go of it can produce nothing more: for the segment
    /// downstream (whose head holds this sink as its upstream subscription, and is held by it),
    /// it is a source that let go too.
    @inlinable
    final override func sourceReleased() {
        super.sourceReleased()
        SourceRelease.notify(downstream.stopSignal)
    }
}

/// A ``Sink`` that also holds what its stage's event closure needs: `payload`, fixed at
/// subscription (a transform, a predicate), and `variable`, read and written per element (a
/// count, the last element). The closure captures only the sink, so the sink is its context:
/// one object per stage instead of a sink, a closure context and a box for the variable (48
/// bytes less for a `map`). Use `Void` for what the stage does not need (it takes no space).
///
/// `variable` is not checked for exclusive access at run time (a captured `var` would be, at
/// about a quarter of `distinctUntilChanged`'s cost per element). The check cannot fire: a
/// stage's events never overlap (the event grammar, serialized by whoever sends them), and each
/// access is a plain read or assignment that runs no other code while it lasts, so even a
/// re-entrant event that reaches the same stage from the downstream `onNext` finds no access in
/// progress. Stages whose closure computes the new value (`scan`, `reduce`) copy the variable
/// out before calling it and assign the result after it returns, so no access lasts while user
/// code runs. `scan(into:)`, whose closure mutates the value `inout`, moves it out of an optional
/// variable for the call and puts it back after (the variable is empty while user code runs).
///
/// A stage sink is always a stage of a segment, never its head: the head is the disposable its
/// subscriber keeps, and that must not keep the stage's closures (and what they captured) once
/// the subscription has ended. When `downstream` carries no signal the stage can join (`create`'s
/// observer, or one a package module subscribes with `subscribe(direct:)`; your own observer
/// arrives behind a `subscribe` sink, whose signal it joins), a plain ``Sink`` heads the segment
/// in front of it (see ``joinable(_:)``).
/// @unchecked: `payload` is immutable; `variable` is touched only by the stage's serialized
/// events; the rest is ``Sink``'s.
@usableFromInline
final class StageSink<Output, Payload, Variable>: Sink<Output>, @unchecked Sendable {
    @usableFromInline let payload: Payload
    @exclusivity(unchecked) @usableFromInline var variable: Variable

    @inlinable
    init(downstream: AnyObserver<Output>, payload: Payload, variable: Variable) {
        self.payload = payload
        self.variable = variable
        super.init(downstream: Self.joinable(downstream))
    }

    /// `downstream` if its signal takes members; otherwise an observer of a new plain ``Sink``
    /// that forwards to `downstream` and heads the segment (its closure captures only that sink,
    /// so it allocates nothing more).
    @inlinable
    static func joinable(_ downstream: AnyObserver<Output>) -> AnyObserver<Output> {
        if downstream.stopSignal?.acceptsMembers == true { return downstream }
        let head = Sink<Output>(downstream: downstream)
        return head.observer { head.forward($0) }
    }
}
