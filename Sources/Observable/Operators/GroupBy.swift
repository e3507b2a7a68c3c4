import Synchronization

extension ObservableType {
    /// Splits the sequence into one group per key: a ``GroupedObservable`` is emitted when its
    /// key first appears, and gets every element with that key.
    ///
    /// `-a1-b1-a2-|` (key: the letter) → `-A-B---|`, with group A: `-a1---a2-|` and group B:
    /// `---b1----|`.
    ///
    /// - Each group is emitted just before its first element is sent into it, and is hot: a
    ///   subscriber gets the elements sent after it subscribed (subscribe as the group arrives,
    ///   for example in `flatMap`, to miss nothing).
    /// - Completion and errors go to every group, then end the result. A throwing `keySelector`
    ///   does the same with its error.
    /// - The source stays subscribed while the result or any group's subscription is alive:
    ///   disposing only the result keeps the groups that are observed flowing.
    /// - Threading: groups and elements are delivered on the source's thread, one at a time.
    @inlinable
    public func groupBy<Key: Hashable>(
        keySelector: @escaping (Element) throws -> Key
    ) -> Observable<GroupedObservable<Key, Element>> {
        let source = asObservable()
        return Observable { observer in
            GroupByCore(downstream: observer, keySelector: keySelector).run(source)
        }
    }
}

/// The elements of one key: a group of ``ObservableType/groupBy(keySelector:)``.
public struct GroupedObservable<Key, Element>: ObservableType {
    /// The key its elements share.
    public let key: Key
    private let source: Observable<Element>

    /// A group with `key` whose elements are those of `source`.
    public init(key: Key, source: Observable<Element>) {
        self.key = key
        self.source = source
    }

    /// Subscribes `observer` to the group's elements.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        source.subscribe(observer)
    }

    /// The group's elements as an ``Observable``.
    public func asObservable() -> Observable<Element> {
        source
    }
}

// MARK: - Implementation

/// Routes each element to its key's subject; the source subscription is shared, through a
/// ``RefCountDisposable``, by the result and every group subscription.
/// Inlinable, so that the routing of each element is specialized in the caller's module.
/// @unchecked: `groups` and `order` are only touched from the source's events, which arrive one
/// at a time (the library's contract); `sink`, `upstream` and `references` are thread-safe.
@usableFromInline
final class GroupByCore<Key: Hashable, Element>: @unchecked Sendable {
    @usableFromInline let sink: Sink<GroupedObservable<Key, Element>>
    @usableFromInline let keySelector: (Element) throws -> Key
    /// The shared source subscription's stop signal and slot: stopped when the last of the
    /// result and the group subscriptions lets go (``references``), not when the result does.
    @usableFromInline let upstream = StopSignal(acceptsMembers: false)
    @usableFromInline let references: RefCountDisposable
    @exclusivity(unchecked) @usableFromInline var groups: [Key: PublishSubject<Element>] = [:]
    /// The groups in the order they appeared, for terminal events.
    @exclusivity(unchecked) @usableFromInline var order: [PublishSubject<Element>] = []
    /// `true` while the source is being subscribed: the result cannot be disposed yet, so after
    /// each element the core asks whether the result stopped with no group subscribed.
    @usableFromInline let subscribing = Atomic<Bool>(false)

    @inlinable
    init(downstream: AnyObserver<GroupedObservable<Key, Element>>, keySelector: @escaping (Element) throws -> Key) {
        sink = Sink(downstream: downstream, ownsUpstream: true)
        self.keySelector = keySelector
        references = RefCountDisposable(disposable: upstream)
    }

    @inlinable
    func run(_ source: Observable<Element>) -> Disposable {
        // The source's stop signal is the shared subscription's end, not the result's: observed
        // groups keep a synchronous source going after the result was disposed.
        subscribing.store(true, ordering: .releasing)
        upstream.fillUpstream(source.subscribe(AnyObserver(eventHandler: { self.on($0) }, stopSignal: upstream)))
        subscribing.store(false, ordering: .releasing)
        return sink.setUpstream(references)
    }

    @inlinable
    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            let key: Key
            do { key = try keySelector(element) } catch {
                terminate(.error(error))
                return
            }
            group(for: key).on(.next(element))
            // `groupBy { ... }.take(1)` of a synchronous source: nothing wants more (the
            // result's disposal, once `subscribe` returns, releases the source as usual).
            if subscribing.load(ordering: .acquiring), sink.downstream.isStopped, !references.hasDependents {
                upstream.requestStop()
            }
        case .error(let error):
            terminate(.error(error))
        case .completed:
            terminate(.completed)
        }
    }

    /// The subject of `key`; a new one is emitted downstream as a group first.
    @inlinable
    func group(for key: Key) -> PublishSubject<Element> {
        if let subject = groups[key] { return subject }
        let subject = PublishSubject<Element>()
        groups[key] = subject
        order.append(subject)
        let references = self.references
        let shared = Observable<Element> { observer in
            let reference = references.retain()
            return Disposables.create(subject.subscribe(observer), reference)
        }
        sink.forwardNext(GroupedObservable(key: key, source: shared))
        return subject
    }

    /// Ends every group, then the result, and releases the source.
    @inlinable
    func terminate(_ event: Event<Element>) {
        let ended = order
        groups = [:]
        order = []
        for subject in ended { subject.on(event) }
        sink.forwardTerminal(event)
        upstream.dispose()
    }
}
