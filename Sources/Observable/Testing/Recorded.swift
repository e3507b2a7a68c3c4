/// Virtual time for the test tools: an integer number of ticks.
///
/// A ``VirtualTimeScheduler`` converts ticks to real time with its `resolution` (seconds per tick,
/// 1 by default), so with the defaults tick 200 is the `RxTime` 200 seconds after 1970.
public typealias TestTime = Int

/// A value stamped with the virtual time at which it happened: an event an observer received, or
/// an event a test observable will send.
///
/// Build recorded events with the static helpers:
/// ```swift
/// let events: [Recorded<Event<Int>>] = [.next(210, 1), .next(220, 2), .completed(300)]
/// ```
/// Two recorded values are equal when their times and values are equal; for events, errors
/// compare by ``errorsAreEqual(_:_:)`` (same type, same reflected description).
public struct Recorded<Value> {
    /// The virtual time, in ticks.
    public let time: TestTime
    /// The recorded value (usually an ``Event``).
    public let value: Value

    /// Records `value` at virtual time `time` (ticks).
    public init(time: TestTime, value: Value) {
        self.time = time
        self.value = value
    }
}

extension Recorded: Equatable where Value: Equatable {}

extension Recorded: Sendable where Value: Sendable {}

extension Recorded: CustomDebugStringConvertible {
    /// `value @ time`, for example `next(1) @ 210`.
    public var debugDescription: String {
        "\(value) @ \(time)"
    }
}

extension Recorded {
    /// A `.next(element)` event at virtual time `time` (ticks).
    public static func next<Element>(_ time: TestTime, _ element: Element) -> Recorded<Event<Element>>
    where Value == Event<Element> {
        Recorded(time: time, value: .next(element))
    }

    /// A `.completed` event at virtual time `time` (ticks).
    public static func completed<Element>(_ time: TestTime, _ type: Element.Type = Element.self)
        -> Recorded<Event<Element>>
    where Value == Event<Element> {
        Recorded(time: time, value: .completed)
    }

    /// An `.error(error)` event at virtual time `time` (ticks).
    public static func error<Element>(_ time: TestTime, _ error: Swift.Error, _ type: Element.Type = Element.self)
        -> Recorded<Event<Element>>
    where Value == Event<Element> {
        Recorded(time: time, value: .error(error))
    }
}

extension Recorded {
    /// The arguments as an array: spells out a list of recorded events where the element type
    /// cannot be inferred otherwise (RxTest's helper).
    ///
    /// ```swift
    /// let expected = Recorded.events(.next(210, 2), .next(220, 3), .completed(250))
    /// // [Recorded<Event<Int>>]
    /// ```
    public static func events<Element>(_ recordedEvents: Recorded<Event<Element>>...) -> [Recorded<Event<Element>>]
    where Value == Event<Element> {
        recordedEvents
    }

    /// `recordedEvents` itself; see ``events(_:)-(Recorded<Event<Element>>...)``.
    public static func events<Element>(_ recordedEvents: [Recorded<Event<Element>>]) -> [Recorded<Event<Element>>]
    where Value == Event<Element> {
        recordedEvents
    }
}

/// The window during which an observer was subscribed to a test observable: from `subscribe` to
/// `unsubscribe` (virtual ticks). A subscription still active has `unsubscribe == Int.max`.
///
/// ```swift
/// #expect(source.subscriptions == [Subscription(200, 300)])
/// ```
public struct Subscription: Hashable, Sendable, CustomDebugStringConvertible {
    /// The virtual time of the subscription.
    public let subscribe: TestTime
    /// The virtual time of the disposal, or `Int.max` while still subscribed.
    public let unsubscribe: TestTime

    /// A window from `subscribe` to `unsubscribe` (ticks); leave out `unsubscribe` for a
    /// subscription that was never disposed.
    public init(_ subscribe: TestTime, _ unsubscribe: TestTime = .max) {
        self.subscribe = subscribe
        self.unsubscribe = unsubscribe
    }

    /// `(subscribe : unsubscribe)`, or `(subscribe : Infinity)` while still subscribed (RxTest's
    /// form, so failure messages read the same).
    public var debugDescription: String {
        let end = unsubscribe == .max ? "Infinity" : String(unsubscribe)
        return "(\(subscribe) : \(end))"
    }
}
