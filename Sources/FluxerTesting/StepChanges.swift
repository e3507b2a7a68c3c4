import Fluxer

/// One store member's change in a step: from its first reported old value to its last new one
/// (a pulse: every value it emitted in the step, in order).
struct MemberChange {
    /// The member's path, e.g. `store.count`.
    let path: String
    /// The member, when the test store knows it (found in the store when the test store was made).
    let member: ObjectIdentifier?
    /// `nil` for a member the test store does not know.
    let kind: StoreMemberKind?
    /// `describeStoreValue` of the value before the step.
    let old: String
    /// `describeStoreValue` of the value after the step.
    var new: String
    /// The value after the step (properties and derived properties).
    var value: Any?
    /// The values emitted in the step (pulses).
    var emitted: [Any]
}

/// The store changes of one step (a `send`, or one received dispatcher), one entry per member,
/// in the order the members first changed.
struct StepChanges {
    private(set) var changes: [MemberChange] = []

    /// Adds a reported change of one member, merging it with the member's earlier changes in
    /// the step.
    mutating func add(_ change: MemberChange) {
        guard let index = changes.firstIndex(where: { $0.path == change.path && $0.member == change.member }) else {
            changes.append(change)
            return
        }
        changes[index].new = change.new
        changes[index].value = change.value
        changes[index].emitted += change.emitted
    }

    /// Adds every change of `other`, after the ones already here.
    mutating func add(_ other: StepChanges) {
        for change in other.changes { add(change) }
    }

    /// The change of `member` in the step, if it changed.
    func change(of member: ObjectIdentifier) -> MemberChange? {
        changes.first { $0.member == member }
    }
}

/// A list of values as failure messages show it: `["a", "b"]`.
func describeValues(_ values: [Any]) -> String {
    "[" + values.map { describeStoreValue($0) }.joined(separator: ", ") + "]"
}
