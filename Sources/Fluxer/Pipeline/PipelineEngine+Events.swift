/// The `events` stream: what the owner reports, and the subscription.
extension PipelineEngine {
    /// The `events` stream, naming the members of `store` in its changes.
    @usableFromInline
    func events(store: Any) -> Observable<FluxerEvent<Action, Dispatcher>> {
        lock.withLock {
            if memberPaths == nil {
                var paths: [ObjectIdentifier: String] = [:]
                for (path, member) in StoreMembers.collect(in: store, root: "store") {
                    paths[ObjectIdentifier(member)] = path
                }
                memberPaths = paths
                observersVersion.wrappingAdd(1, ordering: .releasing)
            }
        }
        return PipelineStream(pipeline: self, observers: { $1(&$0.monitors) }).asObservable()
    }

    /// Reports `event` to the subscribers of `events` (owner only; callers check
    /// `currentMonitors` first, so an unobserved pipeline pays one check).
    @usableFromInline
    func emit(_ event: FluxerEvent<Action, Dispatcher>) {
        for token in currentMonitors { token.deliver(.next(event)) }
    }

    /// Reports `dispatcher` and makes the transaction report each change it commits, as a
    /// `.storeChange` (the caller clears `transaction.reporter` after the commit).
    @usableFromInline
    func beginReporting(_ dispatcher: Dispatcher) {
        emit(.dispatcher(dispatcher))
        let paths = currentMemberPaths
        transaction.reporter = { [unowned self] member, change in
            let path = paths[ObjectIdentifier(member)] ?? "store.<\(type(of: member))>"
            self.emit(.storeChange(StoreChange(path: path, oldValue: change.old, newValue: change.new)))
        }
    }
}
