import Synchronization

/// A store member whose writes can be deferred to the end of an `updateStore` call.
@usableFromInline
protocol StoreTransactionMember: AnyObject {
    /// Delivers what was written since the last commit (for a property: its final value, unless
    /// it equals the value before the transaction; for a pulse: every value written).
    func commitTransaction()
    /// What the commit will deliver, described (`nil`: nothing), for ``FluxerEvent``.
    func describePendingChange() -> (old: String, new: String)?
}

/// A store property (stored or derived): a member that, when several properties changed, commits
/// in two steps (see ``StoreTransaction/commitSeveral(first:)``). Pulses never replay, so they
/// have no first step and are not properties.
@usableFromInline
protocol StoreTransactionProperty: StoreTransactionMember {
    /// The first step: records what the property will deliver (its new value, replayed to
    /// whoever subscribes from now on) and delivers nothing yet. The result goes to
    /// ``finishCommit(_:)``.
    func prepareCommit() -> PreparedCommit
    /// The second step: delivers what ``prepareCommit()`` recorded, to the observers the
    /// property had then.
    func finishCommit(_ step: PreparedCommit)
}

/// Which step of a property's commit in two steps to run (see ``StoreTransactionProperty``).
@usableFromInline
enum CommitStep {
    /// The first step.
    case prepare
    /// The second, with the first's result.
    case finish(PreparedCommit)
}

/// The writes of one `updateStore` call: values are written at once (reads inside `updateStore`
/// see them) but their observers are notified only when the call has returned, once per changed
/// property, in first-write order, after every derived property whose inputs changed has been
/// recomputed; pulses after the properties. So every observer reads the complete new store.
///
/// A Fluxer's engine owns one and reuses it for every `updateStore` call; a write to a store
/// property that has derived properties outside any `updateStore` runs in a transaction of its
/// own. It is also the Fluxer's side of the store's write rule (see ``StoreOwnership``).
///
/// @unchecked Sendable: `enlisted` and `dirty` are used only by the thread running the
/// `updateStore` call and its commit (a Fluxer's executor owner, or the writer of a one-write
/// transaction); the rule switches are atomics.
@usableFromInline
final class StoreTransaction: @unchecked Sendable {
    // `@exclusivity(unchecked)`: one thread at a time by design (above); the runtime's checks
    // would cost more than the rest of a commit.
    /// The first property with deferred writes (most `updateStore` calls write one property).
    @exclusivity(unchecked) @usableFromInline var first: (any StoreTransactionProperty)?
    /// The other properties with deferred writes, in first-write order.
    @exclusivity(unchecked) @usableFromInline var enlisted: ContiguousArray<any StoreTransactionProperty> = []
    /// The pulses written, once per value, in write order: delivered after the properties.
    @exclusivity(unchecked) @usableFromInline var pulses: ContiguousArray<any StoreTransactionMember> = []
    /// Derived properties marked stale because a property they depend on through another one is
    /// dirty (see ``markDependentsStale(of:)``).
    @exclusivity(unchecked) @usableFromInline var staleOnly: ContiguousArray<any DerivedNode> = []
    /// Derived properties whose inputs changed, to recompute before the commit.
    @exclusivity(unchecked) @usableFromInline var dirty: ContiguousArray<any DerivedNode> = []
    /// Set while the Fluxer's `events` are observed: told each change before it is delivered.
    @exclusivity(unchecked) @usableFromInline var reporter: ((AnyObject, (old: String, new: String)) -> Void)?
    /// The first steps' results and the changes to report, of a commit of several members in
    /// progress (kept between commits, emptied: no allocation per commit).
    @exclusivity(unchecked) @usableFromInline var steps: ContiguousArray<PreparedCommit> = []
    @exclusivity(unchecked) @usableFromInline var changes: ContiguousArray<(old: String, new: String)?> = []
    /// `true` while the Fluxer runs (started, not torn down): then a write from outside its
    /// `updateStore` breaks the store's write rule.
    @usableFromInline let running = Atomic<Bool>(false)
    /// Mirrors the Fluxer's `isStubEnabled`: writes from outside are allowed then.
    @usableFromInline let stubEnabled = Atomic<Bool>(false)

    @usableFromInline
    init() {}

    /// `true` when a write from outside this Fluxer's `updateStore` breaks the write rule.
    var forbidsOutsideWrites: Bool {
        running.load(ordering: .relaxed) && !stubEnabled.load(ordering: .relaxed)
    }

    /// Records `member`'s first deferred write.
    @inlinable
    func enlist(_ member: any StoreTransactionProperty) {
        if first == nil {
            first = member
        } else {
            enlisted.append(member)
        }
    }

    /// Records a value written to `pulse` in this transaction: pulses are delivered after every
    /// property changed (an alert's observer reads the store the alert is about), one value per
    /// entry, in write order across pulses.
    @usableFromInline
    func enlistPulse(_ pulse: any StoreTransactionMember) {
        pulses.append(pulse)
    }

    /// Schedules `node` for recomputation in this transaction (once).
    @usableFromInline
    func markDirty(_ node: any DerivedNode) {
        node.invalidate()
        for pending in dirty where pending === node { return }
        dirty.append(node)
        if node.storeNode.hasDependents.load(ordering: .relaxed) { markDependentsStale(of: node.storeNode) }
    }

    /// Marks what is derived from a dirty property stale, at every depth, so that its `value`
    /// is computed from the new inputs until the commit. It is recomputed only if an input's
    /// recomputation changes (`markDirty`); otherwise its cached value still holds and
    /// ``recomputeDirty()`` clears the mark.
    @usableFromInline
    func markDependentsStale(of storeNode: StoreNode) {
        for node in storeNode.liveDependents() {
            if staleOnly.contains(where: { $0 === node }) { continue }
            node.invalidate()
            staleOnly.append(node)
            if node.storeNode.hasDependents.load(ordering: .relaxed) { markDependentsStale(of: node.storeNode) }
        }
    }

    /// Recomputes the dirty derived properties (inputs before the properties derived from them:
    /// creation order), then notifies the observers of every changed member, in first-write
    /// order. Called once the `updateStore` call has returned, with the thread's transaction
    /// restored to what it was before the call (so observers' writes are not deferred into this
    /// one).
    @inlinable
    func commit() {
        if !dirty.isEmpty { recomputeDirty() }
        if let member = first {
            first = nil
            if !enlisted.isEmpty {
                commitSeveral(first: member)
            } else {
                if reporter != nil { report(member) }
                member.commitTransaction()
            }
        }
        // The pulses' values, after the properties (see `enlistPulse(_:)`).
        if !pulses.isEmpty { commitEach(of: \.pulses, from: 0) { $0 } }
    }

    /// Commits the members of the list at `list` from `start` one at a time, reporting each
    /// first, also those appended meanwhile; then empties the list. (`asMember` is the identity:
    /// the list holds pulses or properties.)
    @usableFromInline
    func commitEach<Element>(
        of list: ReferenceWritableKeyPath<StoreTransaction, ContiguousArray<Element>>,
        from start: Int,
        asMember: (Element) -> any StoreTransactionMember
    ) {
        var index = start
        while index < self[keyPath: list].count {
            let member = asMember(self[keyPath: list][index])
            if reporter != nil { report(member) }
            member.commitTransaction()
            index += 1
        }
        self[keyPath: list].removeAll(keepingCapacity: self[keyPath: list].count <= 16)
    }

    /// The commit of several changed members, in two steps: every member records its new value
    /// before any observer runs, so that an observer of one member that subscribes to another is
    /// replayed that one's new value (what `value` reads), and not sent it again; then each member
    /// delivers to the observers it had, in first-write order.
    @usableFromInline
    func commitSeveral(first member: any StoreTransactionProperty) {
        let count = enlisted.count
        let reporting = reporter != nil
        if reporting {
            changes.append(member.describePendingChange())
            for index in 0..<count { changes.append(enlisted[index].describePendingChange()) }
        }
        steps.append(member.prepareCommit())
        for index in 0..<count { steps.append(enlisted[index].prepareCommit()) }
        for index in 0...count {
            let next = index == 0 ? member : enlisted[index - 1]
            if reporting, let change = changes[index] { reporter?(next, change) }
            next.finishCommit(steps[index])
        }
        steps.removeAll(keepingCapacity: true)
        changes.removeAll(keepingCapacity: true)
        // Members enlisted while the observers ran (none, as long as observers write the store
        // outside this transaction, which they do: see `commit()`), one at a time.
        commitEach(of: \.enlisted, from: count) { $0 }
    }

    @usableFromInline
    func report(_ member: any StoreTransactionMember) {
        if let change = member.describePendingChange() { reporter?(member, change) }
    }

    @usableFromInline
    func recomputeDirty() {
        while !dirty.isEmpty {
            var first = 0
            for index in dirty.indices.dropFirst() where dirty[index].sequence < dirty[first].sequence {
                first = index
            }
            let node = dirty.remove(at: first)
            node.recompute(in: self)
        }
        // Those whose inputs ended unchanged were not recomputed: their cached value holds.
        for node in staleOnly { node.clearStale() }
        staleOnly.removeAll(keepingCapacity: staleOnly.count <= 16)
    }

    /// Runs `body` (store writes) as one transaction on the calling thread, then commits it.
    /// Used for writes outside any `updateStore` to properties that have derived properties, so
    /// those are recomputed once and glitch-free there too.
    @usableFromInline
    static func run(_ body: () -> Void) {
        let state = ExecutorThread.state(ExecutorThread.states)
        let transaction = StoreTransaction()
        let saved = state.pointee.transaction
        state.pointee.transaction = Unmanaged.passUnretained(transaction)
        body()
        state.pointee.transaction = saved
        withExtendedLifetime(transaction) { $0.commit() }
    }
}
