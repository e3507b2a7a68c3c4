/// What a subject remembers and replays; specialised statically in ``SubjectHub``. A policy that
/// delivers values and records none (``PublishPolicy``) lets an idle hub send
/// a value without its lock (``SubjectHub/sendsWithoutLock``); the others need the lock for that.
@usableFromInline
protocol SubjectPolicy {
    associatedtype Element
    /// `false` for `AsyncSubject`: `.next` values are only remembered, and the last one is
    /// delivered just before `.completed`.
    static var deliversNext: Bool { get }
    /// `false` for a policy that remembers nothing (`record` is then never called).
    static var recordsValues: Bool { get }
    /// Remembers a value as it is delivered (under the hub's lock); returns the value it no
    /// longer keeps, if any, for the hub to release after unlocking.
    mutating func record(_ element: Element) -> Element?
    /// The events a new subscriber receives before live ones (under the hub's lock).
    func replay(stopEvent: Event<Element>?) -> [Event<Element>]
    /// For `AsyncSubject`: the value delivered before `.completed`.
    var lastElement: Element? { get }
    /// Drops every value it keeps (under the hub's lock): the subject was disposed or
    /// deallocated, so nothing reads them again. A subscription's token keeps the hub, so
    /// without this a held subscription would keep the subject's values alive (and whatever
    /// they hold: possibly the token's owner, a cycle). Only for a policy that records values.
    mutating func forget()
}

extension SubjectPolicy {
    @inlinable static var deliversNext: Bool { true }
    @inlinable static var recordsValues: Bool { true }
    @inlinable var lastElement: Element? { nil }
}

@usableFromInline
struct PublishPolicy<Element>: SubjectPolicy {
    @inlinable init() {}
    @inlinable static var recordsValues: Bool { false }
    @inlinable mutating func record(_ element: Element) -> Element? { nil }
    @inlinable func replay(stopEvent: Event<Element>?) -> [Event<Element>] {
        stopEvent.map { [$0] } ?? []
    }
    @inlinable func forget() {}
}

@usableFromInline
struct LatestValuePolicy<Element>: SubjectPolicy {
    /// `nil` only once forgotten.
    @usableFromInline var value: Element?
    @inlinable init(value: Element) { self.value = value }
    @inlinable mutating func record(_ element: Element) -> Element? {
        let replaced = value
        value = element
        return replaced
    }
    @inlinable func replay(stopEvent: Event<Element>?) -> [Event<Element>] {
        if let stopEvent { return [stopEvent] }
        return value.map { [.next($0)] } ?? []
    }
    @inlinable mutating func forget() { value = nil }
}

@usableFromInline
struct BufferPolicy<Element>: SubjectPolicy {
    /// `nil` for unbounded.
    @usableFromInline let capacity: Int?
    @usableFromInline var storage: [Element] = []
    /// Index of the oldest element once `storage` is full (a ring).
    @usableFromInline var start = 0

    @inlinable init(capacity: Int?) { self.capacity = capacity }

    @inlinable mutating func record(_ element: Element) -> Element? {
        guard let capacity else {
            storage.append(element)
            return nil
        }
        if capacity == 0 { return nil }
        if storage.count < capacity {
            storage.append(element)
            return nil
        }
        let replaced = storage[start]
        storage[start] = element
        start = (start + 1) % capacity
        return replaced
    }

    @inlinable var elements: [Element] {
        if start == 0 { return storage }
        return Array(storage[start...] + storage[..<start])
    }

    @inlinable func replay(stopEvent: Event<Element>?) -> [Event<Element>] {
        var events = elements.map { Event<Element>.next($0) }
        if let stopEvent { events.append(stopEvent) }
        return events
    }

    @inlinable mutating func forget() {
        storage = []
        start = 0
    }
}

@usableFromInline
struct LastValuePolicy<Element>: SubjectPolicy {
    @usableFromInline var last: Element?
    @inlinable init() {}
    @inlinable static var deliversNext: Bool { false }
    @inlinable mutating func record(_ element: Element) -> Element? {
        let replaced = last
        last = element
        return replaced
    }
    @inlinable var lastElement: Element? { last }
    @inlinable func replay(stopEvent: Event<Element>?) -> [Event<Element>] {
        switch stopEvent {
        case .none: return []
        case .some(.completed):
            if let last { return [.next(last), .completed] }
            return [.completed]
        case .some(let stop): return [stop]
        }
    }
    @inlinable mutating func forget() { last = nil }
}
