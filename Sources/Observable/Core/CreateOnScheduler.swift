extension ObservableType {
    /// One element, then completion, each sent from its own action on `scheduler`.
    ///
    /// `--a-|` on a test scheduler subscribed at 200: `.next(201, a)`, `.completed(202)`.
    ///
    /// Without a scheduler, ``just(_:)`` emits synchronously on subscribe. Disposing before an
    /// action runs cancels it.
    @inlinable
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Observable<Element> {
        from(sequence: CollectionOfOne(element), scheduler: scheduler)
    }

    /// The given elements in order, then completion, one scheduled action each on `scheduler`
    /// (RxSwift's form; RxSwift's default scheduler is `CurrentThreadScheduler.instance`).
    ///
    /// `abc` on a test scheduler subscribed at 200: `a` at 201, `b` at 202, `c` at 203, `|` at
    /// 204.
    ///
    /// Without a scheduler, ``of(_:)`` emits synchronously on subscribe. Disposing stops it
    /// between elements.
    @inlinable
    public static func of(_ elements: Element..., scheduler: ImmediateSchedulerType) -> Observable<Element> {
        from(sequence: elements, scheduler: scheduler)
    }

    /// The array's elements in order, then completion, one scheduled action each on
    /// `scheduler`; see ``of(_:scheduler:)``.
    @inlinable
    public static func from(_ array: [Element], scheduler: ImmediateSchedulerType) -> Observable<Element> {
        from(sequence: array, scheduler: scheduler)
    }

    /// The sequence's elements in order, then completion, one scheduled action each on
    /// `scheduler`; see ``of(_:scheduler:)``. The sequence is iterated as elements are sent, so
    /// an infinite one is fine with a limiting operator.
    @inlinable
    public static func from<Source: Sequence>(_ sequence: Source, scheduler: ImmediateSchedulerType)
        -> Observable<Element>
    where Source.Element == Element {
        from(sequence: sequence, scheduler: scheduler)
    }

    /// The optional's value (if any), then completion, one scheduled action each on `scheduler`:
    /// `.next(201, a)`, `.completed(202)`, or `.completed(201)` for `nil` (test scheduler,
    /// subscribed at 200).
    @inlinable
    public static func from(optional: Element?, scheduler: ImmediateSchedulerType) -> Observable<Element> {
        from(sequence: optional.map { [$0] } ?? [], scheduler: scheduler)
    }

    /// `element` for ever, one scheduled action each on `scheduler`: `aaaa...`. Use with a
    /// limiting operator (`take(3)`): it stops as soon as downstream has stopped.
    @inlinable
    public static func repeatElement(_ element: Element, scheduler: ImmediateSchedulerType) -> Observable<Element> {
        from(sequence: Swift.repeatElement(element, count: Int.max), scheduler: scheduler)
    }

    /// `initialState`, then each `iterate` result, while `condition` holds, then completion; one
    /// scheduled action each on `scheduler` (the completion in the action after the last
    /// element). A throwing `condition` or `iterate` ends the sequence with that error.
    ///
    /// `generate(initialState: 0, condition: { $0 < 3 }, scheduler: s, iterate: { $0 + 1 })` on a
    /// test scheduler subscribed at 200: `0` at 201, `1` at 202, `2` at 203, `|` at 204.
    @inlinable
    public static func generate(
        initialState: Element,
        condition: @escaping (Element) throws -> Bool,
        scheduler: ImmediateSchedulerType,
        iterate: @escaping (Element) throws -> Element
    ) -> Observable<Element> {
        produce(on: scheduler, from: (state: initialState, isFirst: true)) { step, sink in
            do {
                let state = step.isFirst ? step.state : try iterate(step.state)
                guard try condition(state) else {
                    sink.forward(.completed)
                    return nil
                }
                sink.forwardNext(state)
                return (state, false)
            } catch {
                sink.forward(.error(error))
                return nil
            }
        }
    }
}

extension ObservableType where Element: BinaryInteger {
    /// The `count` integers from `start` upwards, then completion, one scheduled action each on
    /// `scheduler`: `0` at 201, `1` at 202, `|` at 203 for `range(start: 0, count: 2, ...)` on a
    /// test scheduler subscribed at 200.
    /// - Precondition: `count >= 0`, and `start + count - 1` fits in `Element` (see
    ///   `range(start:count:)`).
    @inlinable
    public static func range(start: Element, count: Element, scheduler: ImmediateSchedulerType) -> Observable<Element> {
        checkRangeRules(start: start, count: count, "range(start:count:scheduler:)")
        return produce(on: scheduler, from: (next: start, remaining: count)) { step, sink in
            guard step.remaining > 0 else {
                sink.forward(.completed)
                return nil
            }
            sink.forwardNext(step.next)
            // Not past the last: a range that ends at `Element.max` is valid.
            return (step.remaining > 1 ? step.next + 1 : step.next, step.remaining - 1)
        }
    }
}

// MARK: - Implementation

extension ObservableType {
    /// The elements of `sequence`, then completion, one scheduled action each.
    @inlinable
    static func from<Source: Sequence>(sequence: Source, scheduler: ImmediateSchedulerType) -> Observable<Element>
    where Source.Element == Element {
        produce(on: scheduler, from: Optional<Source.Iterator>.none) { iterator, sink in
            var iterator = iterator ?? sequence.makeIterator()
            guard let element = iterator.next() else {
                sink.forward(.completed)
                return nil
            }
            sink.forwardNext(element)
            return iterator
        }
    }

    /// A producer that runs `step` once per action on `scheduler`: `step` sends what it wants
    /// through the sink and returns the state for the next action, or `nil` once it has sent its
    /// terminal event. Stops when downstream stops or the subscription is disposed.
    @inlinable
    static func produce<State>(
        on scheduler: ImmediateSchedulerType, from initial: State,
        step: @escaping (State, Sink<Element>) -> State?
    ) -> Observable<Element> {
        Observable { observer in
            let sink = Sink<Element>(downstream: observer)
            let actions = scheduler.scheduleRecursive(initial) { state, recurse in
                if sink.isStopped { return }
                if let next = step(state, sink) { recurse(next) }
            }
            return sink.setUpstream(actions)
        }
    }
}
