/// An optional value, seen without its wrapped type.
@usableFromInline
protocol OptionalValue {
    var isNone: Bool { get }
}

extension Optional: OptionalValue {
    @usableFromInline
    var isNone: Bool { self == nil }
}

/// A Fluxer's `storeScheduler`, whatever type it was declared with: `nil` for
/// ``NoStoreScheduler`` or a `nil` optional, the scheduler otherwise. Anything else stops the
/// program with the rule.
@usableFromInline
func resolveStoreScheduler(_ value: Any, of fluxer: Any.Type) -> (any ImmediateSchedulerType)? {
    if value is NoStoreScheduler { return nil }
    if let scheduler = value as? any ImmediateSchedulerType { return scheduler }
    if let optional = value as? any OptionalValue, optional.isNone { return nil }
    fatalError(
        "\(fluxer).storeScheduler is a \(type(of: value)), not a scheduler: declare it with a type that "
            + "conforms to ImmediateSchedulerType, e.g. `var storeScheduler: MainScheduler { .instance }`")
}

/// A Fluxer's cancellation key as the engine keeps it: `nil` for a `nil` optional key.
@inlinable
func cancellationKeyValue<Key: Hashable>(_ key: Key) -> AnyHashable? {
    if let optional = key as? any OptionalValue, optional.isNone { return nil }
    return AnyHashable(key)
}
