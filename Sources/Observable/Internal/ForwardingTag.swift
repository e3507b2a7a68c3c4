/// Marks an ``AnyObserver`` whose handler is exactly `target.on`, so that a package module that
/// receives the observer back (through operators that pass it on unchanged: an `Observable`'s
/// `subscribe`, `deferred`, `AnyObserver(_:)`) can call `target` directly instead of through the
/// closure. The Fluxer module uses it for its `transform` stages: when a hook returns the stream
/// it was given, each action and dispatcher skips the relay's closures.
///
/// The tag rides in the observer's stop-signal slot. It never stops (producers upstream see a
/// plain observer), heads no segment (`acceptsMembers: false`: a stage below it uses a signal of
/// its own, so the tag never reaches an observer with another handler) and ignores a source's
/// release and `dispose()`, as an observer without a stop signal would.
/// @unchecked: `target` is immutable; the rest is ``StopSignal``'s.
@usableFromInline
final class ForwardingTag: StopSignal, @unchecked Sendable {
    @usableFromInline let target: AnyObject

    @inlinable
    init(target: AnyObject) {
        self.target = target
        super.init(acceptsMembers: false)
    }

    @inlinable
    override func sourceReleased() {}

    @inlinable
    override func dispose() {}
}

extension AnyObserver {
    /// An observer forwarding to `target.on`, marked so that ``forwardingTarget`` finds `target`.
    @inlinable
    package init<Target: ObserverType & AnyObject>(forwardingTo target: Target) where Target.Element == Element {
        self.init(eventHandler: target.on, stopSignal: ForwardingTag(target: target))
    }

    /// The object whose `on` this observer's handler is, when it was made by
    /// ``init(forwardingTo:)``; `nil` for any other observer.
    @inlinable
    package var forwardingTarget: AnyObject? {
        (stopSignal as? ForwardingTag)?.target
    }
}
