/// Tells segment heads that their source let go of them, one after another on the calling
/// thread, never nested.
///
/// A subject that is deallocated (or disposed) without terminating releases its observers and
/// notifies each observer's ``StopSignal``. A head whose output can no longer produce anything
/// (a multi-source operator all of whose sources are gone) passes the news downstream, and so on:
/// with 2,000 nested operators that is 2,000 notifications, which would need 2,000 nested frames
/// if each called the next. A ``ThreadTrampoline`` runs them in a loop instead.
@usableFromInline
enum SourceRelease {
    /// Runs `signal.sourceReleased()` now, or after the one running on this thread returns.
    @usableFromInline
    static func notify(_ signal: StopSignal?) {
        guard let signal else { return }
        sourceReleaseTrampoline.run { signal.sourceReleased() }
    }
}

private let sourceReleaseTrampoline = ThreadTrampoline()

extension AnyObserver {
    /// For sources in the other modules of this package (a Fluxer's streams), once they have let
    /// go of this observer without terminating: tells the head of its segment, as a deallocated
    /// subject does, so that the head lets go of its upstream subscription and a subscription
    /// nobody disposed leaves no cycle behind. Call it without holding a lock.
    @usableFromInline
    package func sourceReleased() {
        SourceRelease.notify(stopSignal)
    }
}
