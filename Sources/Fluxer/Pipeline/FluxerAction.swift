/// The action input of a Fluxer (`fluxer.action`): an observer that takes only values.
///
/// `onNext` sends an action into the pipeline (see ``Fluxer`` for the threading contract).
/// Completion and errors are ignored, so binding a finite or failing stream
/// (`taps.bind(to: fluxer.action)`) never stops the input. A small value holding the pipeline;
/// get it fresh (`fluxer.action.onNext(...)`) or keep it, both are cheap.
public struct FluxerAction<F: Fluxer>: ObserverType {
    /// The element type: the Fluxer's `Action`.
    public typealias Element = F.Action

    @usableFromInline
    let pipeline: FluxerPipeline<F>

    @inlinable
    init(pipeline: FluxerPipeline<F>) {
        self.pipeline = pipeline
    }

    /// Sends `.next` values into the pipeline; ignores `.completed` and `.error`.
    @inlinable
    public func on(_ event: Event<F.Action>) {
        if case .next(let action) = event { pipeline.send(action) }
    }
}

extension Fluxer {
    /// The pipeline of this Fluxer, created and started on first use (side table lookup).
    @inlinable
    var pipeline: FluxerPipeline<Self> {
        if let existing = pipelineTable.value(for: self) {
            return unsafeDowncast(existing, to: FluxerPipeline<Self>.self)
        }
        return FluxerPipeline<Self>.make(for: self)
    }
}

/// Every live Fluxer's pipeline, keyed weakly by the Fluxer.
@usableFromInline
let pipelineTable = SideTable<AnyObject>()
