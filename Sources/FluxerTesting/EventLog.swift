import Fluxer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A dispatcher the pipeline applied, with the store as it was just before and what it changed.
final class DispatcherRecord<Dispatcher>: @unchecked Sendable {
    // @unchecked: `changes` is only touched under the owning log's lock (read through
    // ``EventLog/changes(of:)``), or after the executor that applied it has returned (a send's).
    let dispatcher: Dispatcher
    /// The values of the store's properties just before this dispatcher was applied.
    let before: [ObjectIdentifier: Any]
    var changes = StepChanges()
    /// Seen wholly applied while still the latest record (see ``EventLog/settle(_:)``).
    var settled = false

    init(dispatcher: Dispatcher, before: [ObjectIdentifier: Any]) {
        self.dispatcher = dispatcher
        self.before = before
    }

    /// The values of the store's properties after `changes` (this dispatcher's, or some of them).
    func after(_ changes: StepChanges) -> [ObjectIdentifier: Any] {
        var values = before
        for change in changes.changes {
            if let member = change.member, let value = change.value { values[member] = value }
        }
        return values
    }
}

/// Something that happened outside the test's steps and waits for one: a dispatcher applied
/// after `send` returned (to `receive`), or an error (to `expectError`).
struct Occurrence<Dispatcher> {
    enum Kind {
        case dispatcher(DispatcherRecord<Dispatcher>)
        case error(any Error)
    }
    /// Its place in the order of occurrences.
    let sequence: Int
    let kind: Kind
}

/// Records a Fluxer's `FluxerEvent`s for a ``FluxerTestStore``: the dispatchers applied during a
/// `send` (on the sending thread) belong to that send; the others, and every error, wait in
/// `pending`. A shadow copy of the store's property values, updated by each reported change,
/// gives every dispatcher the store as it was just before it.
///
/// Events arrive on the Fluxer's executor (any thread, synchronously, in order); the test's
/// methods read and take what is recorded from the test's thread. Everything is under `lock`;
/// member values are read before taking it.
/// @unchecked: the mutable state is only touched under `lock`; `byPath` is immutable.
final class EventLog<Action, Dispatcher>: @unchecked Sendable {
    private let lock = Lock()
    /// The store's members by path (the paths `events` reports).
    let byPath: [String: (id: ObjectIdentifier, member: any InspectableStoreMember)]
    /// The paths of the store's members.
    let paths: [ObjectIdentifier: String]

    private var shadow: [ObjectIdentifier: Any] = [:]
    private var pendingOccurrences: [Occurrence<Dispatcher>] = []
    private var nextSequence = 0
    /// The thread inside `send`, while it is.
    private var sendingThread: UInt?
    private var sendRecords: [DispatcherRecord<Dispatcher>] = []
    /// The record the next store changes belong to.
    private var current: DispatcherRecord<Dispatcher>?

    init(store: Any) {
        var byPath: [String: (id: ObjectIdentifier, member: any InspectableStoreMember)] = [:]
        var paths: [ObjectIdentifier: String] = [:]
        for (path, member) in StoreInspection.members(of: store) {
            let id = ObjectIdentifier(member)
            byPath[path] = (id, member)
            paths[id] = path
            if let value = member.inspectedValue { shadow[id] = value }
        }
        self.byPath = byPath
        self.paths = paths
    }

    // MARK: Events (the executor)

    func record(_ event: FluxerEvent<Action, Dispatcher>) {
        switch event {
        case .action:
            lock.withLock { current = nil }
        case .dispatcher(let dispatcher):
            let thread = currentThread()
            lock.withLock {
                let record = DispatcherRecord(dispatcher: dispatcher, before: shadow)
                current = record
                if sendingThread == thread {
                    sendRecords.append(record)
                } else {
                    append(.dispatcher(record))
                }
            }
        case .storeChange(let change):
            let known = byPath[change.path]
            let value = known?.member.inspectedValue
            let emitted = known?.member.inspectedPendingValues ?? []
            lock.withLock {
                if let known, let value { shadow[known.id] = value }
                current?.changes.add(
                    MemberChange(
                        path: change.path, member: known?.id, kind: known?.member.inspectedKind,
                        old: change.oldValue, new: change.newValue, value: value, emitted: emitted))
            }
        case .error(let error):
            lock.withLock {
                current = nil
                append(.error(error))
            }
        }
    }

    /// With `lock` held.
    private func append(_ kind: Occurrence<Dispatcher>.Kind) {
        pendingOccurrences.append(Occurrence(sequence: nextSequence, kind: kind))
        nextSequence += 1
    }

    // MARK: Steps (the test's thread)

    /// The current property values; from now on, dispatchers applied on this thread belong to
    /// the send.
    func beginSend() -> [ObjectIdentifier: Any] {
        let thread = currentThread()
        return lock.withLock {
            sendingThread = thread
            sendRecords = []
            return shadow
        }
    }

    /// Ends the send: the dispatchers applied during it, and the property values after it.
    func endSend() -> (records: [DispatcherRecord<Dispatcher>], after: [ObjectIdentifier: Any]) {
        lock.withLock {
            sendingThread = nil
            defer { sendRecords = [] }
            return (sendRecords, shadow)
        }
    }

    /// What waits for a step, oldest first.
    var pending: [Occurrence<Dispatcher>] {
        lock.withLock { pendingOccurrences }
    }

    /// Notes that `record` is wholly applied: the caller saw the Fluxer idle while `record` was
    /// the latest. A job queued afterwards (an effect's next dispatcher) makes the Fluxer busy
    /// again before the executor moves past `record`; this keeps `record` complete meanwhile.
    func settle(_ record: DispatcherRecord<Dispatcher>) {
        lock.withLock { record.settled = true }
    }

    /// What `record` changed so far, and whether that is all of it: the executor has moved past
    /// `record` (a later event came), or ``settle(_:)`` marked it. A record that is the latest may
    /// still be being applied: ask the Fluxer whether it is processing.
    func changes(of record: DispatcherRecord<Dispatcher>) -> (changes: StepChanges, complete: Bool) {
        lock.withLock { (record.changes, current !== record || record.settled) }
    }

    /// Removes the occurrences whose sequence numbers are in `sequences`.
    func remove(_ sequences: Set<Int>) {
        guard !sequences.isEmpty else { return }
        lock.withLock { pendingOccurrences.removeAll { sequences.contains($0.sequence) } }
    }

    private func currentThread() -> UInt {
        UInt(bitPattern: Int(bitPattern: pthread_self()))
    }
}

extension Occurrence {
    /// The dispatcher record, if this is one.
    var record: DispatcherRecord<Dispatcher>? {
        if case .dispatcher(let record) = kind { return record }
        return nil
    }

    /// The error, if this is one.
    var error: (any Error)? {
        if case .error(let error) = kind { return error }
        return nil
    }
}
