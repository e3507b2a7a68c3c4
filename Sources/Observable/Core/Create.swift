extension ObservableType {
    /// Makes an observable from a function that runs each subscription.
    ///
    /// `subscribe` receives an observer and returns the disposable that releases what it started.
    /// The observer is safe to call from any thread: events are delivered one at a time, in the
    /// order they were sent (an event sent while another is being delivered is queued and
    /// delivered after it, possibly by the other thread). Events after the first terminal event
    /// are dropped, and after a terminal event the returned disposable is disposed. After the
    /// subscription is disposed, nothing more is delivered.
    ///
    /// ```swift
    /// let numbers = Observable<Int>.create { observer in
    ///     observer.onNext(1)
    ///     observer.onNext(2)
    ///     observer.onCompleted()
    ///     return Disposables.create()
    /// }
    /// ```
    @inlinable
    public static func create(_ subscribe: @escaping (AnyObserver<Element>) -> Disposable) -> Observable<Element> {
        Observable { observer in
            let sink = SerialSink<Element>(downstream: observer)
            let resource = SingleAssignmentDisposable()
            sink.onTerminated = { resource.dispose() }
            resource.setDisposable(subscribe(sink.asObserver()))
            return Disposables.create(with: {
                sink.dispose()
                // Through the trampoline: `resource` may dispose another chain (a `create` that
                // subscribes to its source), and chains of those must not nest without bound.
                DisposeTrampoline.dispose(resource)
            })
        }
    }

    /// `deferred(_:)` whose factory returns a subject, relay or other
    /// observable type (RxSwift's subjects are `Observable`s; here `Observable` is a struct).
    @inlinable
    public static func deferred<Source: ObservableConvertibleType>(
        _ factory: @escaping () throws -> Source
    ) -> Observable<Element> where Source.Element == Element {
        deferred { () -> Observable<Element> in try factory().asObservable() }
    }

    /// Calls `factory` for each subscriber and subscribes to the observable it returns; an error
    /// thrown by `factory` is delivered as `.error`. `--` (subscribe) → `factory()`'s events.
    @inlinable
    public static func deferred(_ factory: @escaping () throws -> Observable<Element>) -> Observable<Element> {
        Observable { observer in
            do {
                return try factory().subscribe(observer)
            } catch {
                observer.on(.error(error))
                return Disposables.create()
            }
        }
    }
}

extension ObservableType {
    /// One element, then completion, delivered synchronously on subscribe: `(a|)`.
    @inlinable
    public static func just(_ element: Element) -> Observable<Element> {
        Observable { observer in
            observer.on(.next(element))
            observer.on(.completed)
            return Disposables.create()
        }
    }

    /// The given elements in order, then completion, synchronously on subscribe: `(abc|)`.
    @inlinable
    public static func of(_ elements: Element...) -> Observable<Element> {
        from(elements)
    }

    /// The array's elements in order, then completion, synchronously on subscribe: `(abc|)`.
    /// Stops early when downstream has taken all it wants (for example `take(2)`).
    @inlinable
    public static func from(_ array: [Element]) -> Observable<Element> {
        from(sequence: array)
    }

    /// The sequence's elements in order, then completion, synchronously on subscribe.
    /// Iteration stops as soon as downstream has stopped (for example after `take(2)`), so an
    /// infinite sequence is fine with a limiting operator.
    @inlinable
    public static func from<Source: Sequence>(_ sequence: Source) -> Observable<Element>
    where Source.Element == Element {
        from(sequence: sequence)
    }

    @inlinable
    static func from<Source: Sequence>(sequence: Source) -> Observable<Element>
    where Source.Element == Element {
        Observable { observer in
            for element in sequence {
                if observer.isStopped { return Disposables.create() }
                observer.on(.next(element))
            }
            observer.on(.completed)
            return Disposables.create()
        }
    }

    /// The optional's value (if any), then completion: `(a|)` or `(|)`.
    @inlinable
    public static func from(optional: Element?) -> Observable<Element> {
        Observable { observer in
            if let optional { observer.on(.next(optional)) }
            observer.on(.completed)
            return Disposables.create()
        }
    }

    /// Completes at once, with no elements: `(|)`.
    @inlinable
    public static func empty() -> Observable<Element> {
        Observable { observer in
            observer.on(.completed)
            return Disposables.create()
        }
    }

    /// Never emits and never terminates: `-----`.
    @inlinable
    public static func never() -> Observable<Element> {
        Observable { _ in Disposables.create() }
    }

    /// Fails at once with `error`: `(#)`.
    @inlinable
    public static func error(_ error: Swift.Error) -> Observable<Element> {
        Observable { observer in
            observer.on(.error(error))
            return Disposables.create()
        }
    }

    /// Repeats `element` forever, synchronously on subscribe: `(aaaa...`. Use with a limiting
    /// operator (`take(3)`): iteration stops as soon as downstream has stopped.
    @inlinable
    public static func repeatElement(_ element: Element) -> Observable<Element> {
        Observable { observer in
            while !observer.isStopped {
                observer.on(.next(element))
            }
            return Disposables.create()
        }
    }

    /// Emits `initialState`, then each `iterate` result, while `condition` holds; then completes.
    /// Synchronous on subscribe. A throwing `condition` or `iterate` ends the sequence with
    /// `.error`. Stops early when downstream has stopped, without calling `iterate` or
    /// `condition` again (`generate(...).take(4)` iterates 3 times).
    @inlinable
    public static func generate(
        initialState: Element,
        condition: @escaping (Element) throws -> Bool,
        iterate: @escaping (Element) throws -> Element
    ) -> Observable<Element> {
        Observable { observer in
            var state = initialState
            do {
                while try condition(state) {
                    if observer.isStopped { return Disposables.create() }
                    observer.on(.next(state))
                    if observer.isStopped { return Disposables.create() }
                    state = try iterate(state)
                }
                observer.on(.completed)
            } catch {
                observer.on(.error(error))
            }
            return Disposables.create()
        }
    }
}

extension ObservableType where Element: BinaryInteger {
    /// The `count` integers from `start` upwards, then completion: `(0123|)`.
    /// - Precondition: `count >= 0`, and the last integer, `start + count - 1`, fits in
    ///   `Element` (as in RxSwift, either broken rule stops the program with a message when the
    ///   operator is called).
    @inlinable
    public static func range(start: Element, count: Element) -> Observable<Element> {
        checkRangeRules(start: start, count: count, "range(start:count:)")
        return Observable { observer in
            var current = start
            var remaining = count
            while remaining > 0 {
                if observer.isStopped { return Disposables.create() }
                observer.on(.next(current))
                remaining -= 1
                // Not past the last: a range that ends at `Element.max` is valid.
                if remaining > 0 { current += 1 }
            }
            observer.on(.completed)
            return Disposables.create()
        }
    }
}

/// The rules of `range`: `count >= 0`, and `start + count - 1` fits in a fixed-width `Element`
/// (`Int8` 120 with count 10 would overflow at the ninth element, stopping the program with
/// Swift's "arithmetic overflow" inside the subscription). Checked when the operator is called.
@inlinable
func checkRangeRules<Element: BinaryInteger>(start: Element, count: Element, _ name: String) {
    checkRule(count >= 0, "\(name) needs a count >= 0, got \(count)")
    guard count > 0, let fixedStart = start as? any FixedWidthInteger else { return }
    checkRule(
        !lastOverflows(fixedStart, count - 1),
        "\(name) runs past \(Element.self)'s largest value: start \(start) + count \(count) - 1 overflows")
}

/// Whether `start + offset` overflows `Start` (`offset` is of the same type, `Start` opened).
@inlinable
func lastOverflows<Start: FixedWidthInteger, Offset: BinaryInteger>(_ start: Start, _ offset: Offset) -> Bool {
    guard let step = Start(exactly: offset) else { return true }
    return start.addingReportingOverflow(step).overflow
}
