import Fluxer

/// The value a ``FluxerTestStore`` step's closure receives: reading a member gives its value
/// before the step, assigning one states what the step must have changed it to.
///
/// ```swift
/// store.send(.increase) { $0.count = 1 }              // StoreProperty<Int>
/// store.send(.increase) { $0.count += 1 }             // from its value before the step
/// store.send(.search("a")) {
///     $0.query = "a"
///     $0.canSubmit = true                              // a DerivedProperty, asserted
///     $0.alert = ["Found 2"]                           // a Pulse: the values it emitted
///     $0.form.isValid = true                           // a member of a nested struct
/// }
/// ```
///
/// - `StoreProperty` and `DerivedProperty` members read as their value before the step
///   (reading an empty property stops the test: assign it instead) and take the expected value
///   after it. A value assigned earlier in the same closure reads back as assigned.
/// - A `Pulse` member reads as `[]` and takes the values it must have emitted in the step, in
///   order (`[]`: it must have emitted nothing).
/// - Members of nested structs are reached through them (`$0.form.isValid`).
/// - Comparison uses the property's own deduplication comparer (`==` for an `Equatable` value),
///   otherwise `String(describing:)` of both values; pulse values compare by
///   `String(describing:)`.
///
/// Valid only while the closure runs, on the test's thread.
@dynamicMemberLookup
public struct StoreExpectations<Root> {
    let root: Root
    let recorder: ExpectationRecorder

    /// A `StoreProperty`: its value before the step; assign the value it must have after it.
    public subscript<Value>(dynamicMember keyPath: KeyPath<Root, StoreProperty<Value>>) -> Value {
        get {
            let property = root[keyPath: keyPath]
            return recorder.value(of: property, live: property.valueIfPresent)
        }
        nonmutating set {
            let property = root[keyPath: keyPath]
            recorder.expect(newValue, for: property, kind: .property, comparer: property.duplicateComparer)
        }
    }

    /// A `DerivedProperty`: its value before the step; assign the value it must have after
    /// it (derived properties are checked only when asserted).
    public subscript<Value>(dynamicMember keyPath: KeyPath<Root, DerivedProperty<Value>>) -> Value {
        get {
            let property = root[keyPath: keyPath]
            return recorder.value(of: property, live: property.value)
        }
        nonmutating set {
            let property = root[keyPath: keyPath]
            recorder.expect(newValue, for: property, kind: .derived, comparer: property.duplicateComparer)
        }
    }

    /// A `Pulse`: `[]` (or what was assigned); assign the values it must have emitted in the
    /// step, oldest first.
    public subscript<Value>(dynamicMember keyPath: KeyPath<Root, Pulse<Value>>) -> [Value] {
        get { recorder.emitted(by: root[keyPath: keyPath]) }
        nonmutating set { recorder.expect(emitted: newValue, by: root[keyPath: keyPath]) }
    }

    /// A nested struct of members: reach its members through it (`$0.form.isValid = true`).
    public subscript<Nested>(dynamicMember keyPath: KeyPath<Root, Nested>) -> StoreExpectations<Nested> {
        StoreExpectations<Nested>(root: root[keyPath: keyPath], recorder: recorder)
    }
}

/// One stated expectation of a step.
struct Expectation {
    let member: ObjectIdentifier
    let path: String
    let kind: StoreMemberKind
    /// The expected value (a pulse: the expected `[Value]`).
    let expected: Any
    let expectedDescription: String
    /// Whether the member's value after the step (a pulse: the values it emitted) is the
    /// expected one.
    let matches: (_ value: Any?, _ emitted: [Any]) -> Bool
}

/// Collects what a step's closure states, and answers its reads from the values before the step.
final class ExpectationRecorder {
    /// The property values before the step.
    let before: [ObjectIdentifier: Any]
    /// The known members' paths.
    let paths: [ObjectIdentifier: String]
    /// The expectations, in the order they were first stated.
    private(set) var expectations: [Expectation] = []

    init(before: [ObjectIdentifier: Any], paths: [ObjectIdentifier: String]) {
        self.before = before
        self.paths = paths
    }

    func path(of member: AnyObject) -> String {
        paths[ObjectIdentifier(member)] ?? "store.<\(type(of: member))>"
    }

    /// The value a property member reads as: assigned in this closure, else before the step
    /// (`live`, its current value, for a member the test store does not know).
    func value<Value>(of member: AnyObject, live: @autoclosure () -> Value?) -> Value {
        let id = ObjectIdentifier(member)
        if let stated = expectations.first(where: { $0.member == id }), let value = stated.expected as? Value {
            return value
        }
        let known = paths[id] != nil
        if let value = known ? before[id] as? Value : live() { return value }
        fatalError(
            "\(path(of: member)) had no value before this step (an empty StoreProperty): assign the expected "
                + "value (`$0.x = value`) instead of reading or modifying it")
    }

    /// The values a pulse reads as: assigned in this closure, else none.
    func emitted<Value>(by pulse: Pulse<Value>) -> [Value] {
        let id = ObjectIdentifier(pulse)
        return expectations.first { $0.member == id }?.expected as? [Value] ?? []
    }

    /// States that `member` has `value` after the step.
    func expect<Value>(
        _ value: Value, for member: AnyObject, kind: StoreMemberKind, comparer: ((Value, Value) -> Bool)?
    ) {
        record(
            Expectation(
                member: ObjectIdentifier(member), path: path(of: member), kind: kind, expected: value,
                expectedDescription: describeStoreValue(value),
                matches: { actual, _ in
                    guard let actual = actual as? Value else { return false }
                    if let comparer { return comparer(value, actual) }
                    return String(describing: value) == String(describing: actual)
                }))
    }

    /// States that `pulse` emitted exactly `values` in the step.
    func expect<Value>(emitted values: [Value], by pulse: Pulse<Value>) {
        record(
            Expectation(
                member: ObjectIdentifier(pulse), path: path(of: pulse), kind: .pulse, expected: values,
                expectedDescription: describeValues(values),
                matches: { _, emitted in
                    emitted.count == values.count
                        && zip(values, emitted).allSatisfy { String(describing: $0) == String(describing: $1) }
                }))
    }

    private func record(_ expectation: Expectation) {
        if let index = expectations.firstIndex(where: { $0.member == expectation.member }) {
            expectations[index] = expectation
        } else {
            expectations.append(expectation)
        }
    }
}
