/// What a Fluxer's pipeline does, as it happens: the stream of ``Fluxer/events``, for tracing
/// (``Fluxer/trace(_:to:)``) and testing tools.
///
/// For one action with a synchronous stream the order is: `.action`, then per dispatcher
/// `.dispatcher` followed by one `.storeChange` per property it changed (after `updateStore`
/// returned, in the order the observers are notified), and `.error` wherever an error is
/// published.
public enum FluxerEvent<Action, Dispatcher> {
    /// An action is about to be dispatched (after `transform(action:)`).
    case action(Action)
    /// A dispatcher is about to be applied by `updateStore` (after `transform(dispatcher:)`).
    case dispatcher(Dispatcher)
    /// A store member changed in the `updateStore` call just made.
    case storeChange(StoreChange)
    /// An error went to `errors`.
    case error(any Error)
}

/// One changed store member, described: its path in the store and its value before and after
/// the `updateStore` call (for a ``Pulse``: the values it emitted, `oldValue` empty).
public struct StoreChange: Sendable, Hashable, CustomStringConvertible {
    /// The member's path, e.g. `store.count` (`store.nested.flag` in a nested struct).
    public let path: String
    /// `String(describing:)` of the value before the call.
    public let oldValue: String
    /// `String(describing:)` of the value after the call.
    public let newValue: String

    /// A change of the member at `path` from `oldValue` to `newValue`.
    public init(path: String, oldValue: String, newValue: String) {
        self.path = path
        self.oldValue = oldValue
        self.newValue = newValue
    }

    /// `store.count: 0 → 1`, or `store.alert: "hi"` for a pulse.
    public var description: String {
        oldValue.isEmpty ? "\(path): \(newValue)" : "\(path): \(oldValue) → \(newValue)"
    }
}

/// A store value as ``StoreChange`` shows it: `String(reflecting:)` for strings (quoted), the
/// plain description otherwise, `nil` for an empty property. `package` for FluxerTesting, whose
/// failure messages describe values the same way.
package func describeStoreValue<Value>(_ value: Value?) -> String {
    guard let value else { return "nil" }
    if value is any StringProtocol { return String(reflecting: value) }
    return String(describing: value)
}
