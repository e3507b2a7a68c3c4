/// The action input of a Fluxer (`fluxer.action`): an observer that takes only values.
///
/// `onNext` sends an action into the pipeline (see ``Fluxer`` for the threading contract).
/// Completion and errors are ignored, so binding a finite or failing stream
/// (`taps.bind(to: fluxer.action)`) never stops the input. A small value holding the pipeline
/// (not the Fluxer); get it fresh (`fluxer.action.onNext(...)`) or keep it, both are cheap. Once
/// the Fluxer is released, a kept value's sends are dropped. `Sendable`: keep one and send from
/// any thread (the pipeline hands each action to its executor).
public struct FluxerAction<F: Fluxer>: ObserverType, Sendable {
    /// The element type: the Fluxer's `Action`.
    public typealias Element = F.Action

    @usableFromInline
    let pipeline: PipelineEngine<F.Action, F.Dispatcher>

    @inlinable
    init(pipeline: PipelineEngine<F.Action, F.Dispatcher>) {
        self.pipeline = pipeline
    }

    /// Sends `.next` values into the pipeline; ignores `.completed` and `.error`.
    @inlinable
    public func on(_ event: Event<F.Action>) {
        if case .next(let action) = event { pipeline.send(action) }
    }
}
