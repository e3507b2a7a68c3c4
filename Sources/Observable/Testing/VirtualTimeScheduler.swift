import Synchronization

/// A scheduler whose clock only moves when a test tells it to: work runs in virtual time.
///
/// Time is counted in integer ticks (``TestTime``); `resolution` is the number of seconds per
/// tick, used to convert real intervals (`RxTimeInterval`) and to report ``now``.
///
/// - Work scheduled for the same tick runs in the order it was scheduled.
/// - Work whose disposable was disposed before it ran never runs (when the disposal and the run
///   happen on different threads at the same moment, the run may still start; the disposable it
///   returns is then disposed at once).
/// - Nothing runs until ``start()`` or ``advanceTo(_:)`` is called. Scheduled work then runs on
///   the thread that called them, never under the scheduler's lock, so an action may schedule
///   more work, dispose work, or call ``stop()``.
/// - The scheduler is thread-safe: other threads may schedule and dispose while it runs.
///
/// ``TestScheduler`` is the subclass tests normally use; this class is the engine, open for
/// subclasses that want their own ``adjustScheduledTime(_:)`` rule.
open class VirtualTimeScheduler: SchedulerType, CustomDebugStringConvertible, @unchecked Sendable {
    // @unchecked: `currentClock`, `queue`, `nextID` and `running` are only touched under `lock`;
    // `resolution` is immutable.
    private let lock = Lock()
    private var currentClock: TestTime
    private var queue = VirtualTimeQueue()
    private var nextID = 0
    private var running = false

    /// Seconds per tick (1.0 by default). Used by ``now``, ``scheduleRelative(_:dueTime:action:)``
    /// and ``schedulePeriodic(_:startAfter:period:action:)``.
    public let resolution: Double

    /// Creates a scheduler whose clock reads `initialClock` ticks, with `resolution` seconds per
    /// tick.
    /// - Precondition: `resolution > 0`.
    public init(initialClock: TestTime = 0, resolution: Double = 1.0) {
        checkRule(resolution > 0, "VirtualTimeScheduler needs a resolution > 0, got \(resolution)")
        self.currentClock = initialClock
        self.resolution = resolution
    }

    /// The current virtual time, in ticks.
    public var clock: TestTime {
        lock.withLock { currentClock }
    }

    /// The current virtual time: `clock * resolution` seconds after 1970.
    public var now: RxTime {
        RxTime(timeIntervalSince1970: Double(clock) * resolution)
    }

    /// `true` while ``start()`` or ``advanceTo(_:)`` is running scheduled work.
    public var isRunning: Bool {
        lock.withLock { running }
    }

    /// Converts a real interval into ticks: `interval` in seconds divided by ``resolution``,
    /// rounded to the nearest tick (halves away from zero, so 1.5 ticks is 2 and 0.4 ticks is 0;
    /// a tolerance of 1e-9 tick absorbs floating-point error, so 150 ms at 0.1 s per tick is 2).
    /// Returns `nil` for `.never`. Intervals too large to count are capped at `Int.max / 4` ticks.
    public func ticks(for interval: RxTimeInterval) -> TestTime? {
        let seconds = interval.asTimeInterval
        guard seconds.isFinite else { return nil }
        let exact = seconds / resolution
        let ticks = (exact + (exact < 0 ? -1e-9 : 1e-9)).rounded(.toNearestOrAwayFromZero)
        let cap = Double(TestTime.max / 4)
        return TestTime(min(max(ticks, -cap), cap))
    }

    /// The hook that decides when work asked for at `time` actually runs. It applies to
    /// ``schedule(_:action:)``, ``scheduleRelative(_:dueTime:action:)`` and
    /// ``schedulePeriodic(_:startAfter:period:action:)``, not to the absolute-time methods
    /// (``scheduleAt(_:action:)``, ``scheduleAbsoluteVirtual(_:time:action:)``,
    /// ``scheduleRelativeVirtual(_:dueTime:action:)``). The base class returns `time` unchanged;
    /// ``TestScheduler`` moves work due now or in the past to the next tick.
    open func adjustScheduledTime(_ time: TestTime) -> TestTime {
        time
    }

    /// Schedules `action(state)` "now": at the current tick as adjusted by
    /// ``adjustScheduledTime(_:)`` (the next tick on a ``TestScheduler`` that simulates a
    /// processing delay). Runs on the thread running the scheduler; disposing the result cancels
    /// it, or disposes what `action` returned if it already ran.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        scheduleAbsoluteVirtual(state, time: adjustScheduledTime(clock), action: action)
    }

    /// Schedules `action(state)` at `clock + ticks(for: dueTime)`, adjusted by
    /// ``adjustScheduledTime(_:)``. `.never` never runs. See ``ticks(for:)`` for the rounding.
    public func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        guard let ticks = ticks(for: dueTime) else { return Disposables.create() }
        return scheduleAbsoluteVirtual(state, time: adjustScheduledTime(clock + ticks), action: action)
    }

    /// Runs `action` first at `clock + ticks(for: startAfter)`, then every `ticks(for: period)`
    /// after each run (both adjusted by ``adjustScheduledTime(_:)``), passing along the state
    /// each run returns. Each run books the next before calling `action` (as RxSwift), so at a
    /// tick the timer's next run comes before work its action scheduled for that tick. Disposing
    /// the result stops it; a `.never` start never runs and a `.never` period runs once.
    /// - Precondition: each next run is later than the run before it (a period that rounds to
    ///   0 ticks would keep ``start()`` busy forever on a scheduler without processing delay).
    public func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        guard let first = ticks(for: startAfter) else { return Disposables.create() }
        let periodTicks = ticks(for: period)
        let current = SerialDisposable()
        let task = PeriodicStep<StateType>(action: action, periodTicks: periodTicks, current: current, state: state)
        task.schedule(at: adjustScheduledTime(clock + first), on: self)
        return current
    }

    /// Schedules `action(state)` at the absolute virtual time `time` (ticks), with no adjustment.
    /// A time in the past runs as soon as the scheduler runs, without moving the clock back.
    public func scheduleAbsoluteVirtual<StateType>(
        _ state: StateType, time: TestTime, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        nonisolated(unsafe) let state = state
        let item = VirtualTimeItem(time: time) { action(state) }
        lock.withLock {
            item.id = nextID
            nextID += 1
            queue.insert(item)
        }
        return item
    }

    /// Schedules `action(state)` at `clock + dueTime` ticks, with no adjustment.
    public func scheduleRelativeVirtual<StateType>(
        _ state: StateType, dueTime: TestTime, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        scheduleAbsoluteVirtual(state, time: clock + dueTime, action: action)
    }

    /// Runs `action` at the absolute virtual time `time` (ticks), with no adjustment. Actions
    /// scheduled for the same tick run in the order they were scheduled.
    /// - Returns: a disposable that cancels the action if it has not run yet.
    @discardableResult
    public func scheduleAt(_ time: TestTime, action: @escaping () -> Void) -> Disposable {
        scheduleAbsoluteVirtual((), time: time) { _ in
            action()
            return Disposables.create()
        }
    }

    /// Runs all scheduled work in time order, moving the clock forward to each item's time, until
    /// nothing is left or ``stop()`` is called. Work scheduled meanwhile is run too. Runs on the
    /// calling thread. Calling it while the scheduler already runs does nothing.
    public func start() {
        run(until: nil)
    }

    /// Stops ``start()`` or ``advanceTo(_:)`` after the action that is running returns. Work left
    /// in the queue stays there for the next start.
    public func stop() {
        lock.withLock { running = false }
    }

    /// Runs all work scheduled up to and including tick `time`, then sets the clock to `time`.
    /// Runs on the calling thread.
    ///
    /// An earlier `time` than the clock runs nothing and sets the clock back to it, as RxSwift's
    /// `advanceTo` does: work scheduled afterwards is timed from there.
    /// - Precondition: the scheduler is not already running.
    public func advanceTo(_ time: TestTime) {
        run(until: time)
    }

    /// Moves the clock forward by `ticks` without running anything.
    /// - Precondition: `ticks >= 0`.
    public func sleep(_ ticks: TestTime) {
        checkRule(ticks >= 0, "sleep(\(ticks)) would move the clock back")
        lock.withLock { currentClock += ticks }
    }

    /// The clock and the number of queued items, for debugging.
    public var debugDescription: String {
        lock.withLock { "VirtualTimeScheduler(clock: \(currentClock), queued: \(queue.count))" }
    }

    private func run(until limit: TestTime?) {
        let alreadyRunning: Bool = lock.withLock {
            if running { return true }
            running = true
            return false
        }
        if alreadyRunning {
            checkRule(limit == nil, "advanceTo(_:) called while the scheduler is already running")
            return
        }
        while let item = takeNext(until: limit) {
            item.invoke()
        }
        lock.withLock {
            if let limit { currentClock = limit }
            running = false
        }
    }

    /// Under the lock: the next item that is due by `limit` and not cancelled, with the clock
    /// moved to its time; `nil` when there is none or the scheduler was stopped.
    private func takeNext(until limit: TestTime?) -> VirtualTimeItem? {
        lock.withLock {
            guard running else { return nil }
            while let item = queue.first {
                if item.isCancelled {
                    _ = queue.removeFirst()
                    continue
                }
                if let limit, item.time > limit { return nil }
                _ = queue.removeFirst()
                if item.time > currentClock { currentClock = item.time }
                return item
            }
            return nil
        }
    }
}

// MARK: - Implementation

/// One scheduled action. The action runs at most once, and only if not cancelled first.
/// @unchecked: `cancelled` is atomic; `inner` is thread-safe; `id` is set under the scheduler's
/// lock before the item is shared and only read under it; `action` is immutable and only called
/// by the thread running the scheduler.
final class VirtualTimeItem: Cancelable, @unchecked Sendable {
    let time: TestTime
    var id = 0
    private let lock = Lock()
    /// Guarded by `lock`. Let go of when the item runs or is disposed: a disposed item stays in
    /// the queue until its time, and its action usually captures the scheduler (a timer that
    /// schedules the next one), a cycle that would keep both alive if the clock stops earlier.
    private var action: (() -> Disposable)?
    private let cancelled = Atomic<Bool>(false)
    private let inner = SingleAssignmentDisposable()

    init(time: TestTime, action: @escaping () -> Disposable) {
        self.time = time
        self.action = action
    }

    /// Takes the action out (under the lock), for the caller to run or release after unlocking.
    private func takeAction() -> (() -> Disposable)? {
        lock.withLock {
            defer { action = nil }
            return action
        }
    }

    var isCancelled: Bool {
        cancelled.load(ordering: .acquiring)
    }

    var isDisposed: Bool {
        isCancelled
    }

    func invoke() {
        guard !isCancelled, let action = takeAction() else { return }
        inner.setDisposable(action())
    }

    func dispose() {
        cancelled.store(true, ordering: .releasing)
        withExtendedLifetime(takeAction()) {}
        inner.dispose()
    }
}

/// A min-heap of items ordered by (time, id): earliest first, and in scheduling order within a
/// tick.
struct VirtualTimeQueue {
    private var heap: [VirtualTimeItem] = []

    var count: Int { heap.count }
    var first: VirtualTimeItem? { heap.first }

    private static func before(_ a: VirtualTimeItem, _ b: VirtualTimeItem) -> Bool {
        a.time != b.time ? a.time < b.time : a.id < b.id
    }

    mutating func insert(_ item: VirtualTimeItem) {
        heap.append(item)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.before(heap[child], heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    mutating func removeFirst() -> VirtualTimeItem? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let item = heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count, Self.before(heap[left], heap[smallest]) { smallest = left }
            if right < heap.count, Self.before(heap[right], heap[smallest]) { smallest = right }
            if smallest == parent { break }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
        return item
    }
}

/// Runs one step of a periodic schedule and schedules the next. The state travels from step to
/// step through the scheduled closures; `current` holds the pending step so that disposing it
/// stops the chain (a step scheduled after that is disposed as it is stored).
final class PeriodicStep<StateType>: @unchecked Sendable {
    // @unchecked: `action`, `periodTicks` and `current` are immutable (`current` is
    // thread-safe); `state` is only touched by the thread running the scheduler.
    let action: (StateType) -> StateType
    let periodTicks: TestTime?
    let current: SerialDisposable
    nonisolated(unsafe) var state: StateType

    init(
        action: @escaping (StateType) -> StateType, periodTicks: TestTime?, current: SerialDisposable, state: StateType
    ) {
        self.action = action
        self.periodTicks = periodTicks
        self.current = current
        self.state = state
    }

    /// Books the run at `time`. A run books the next one before calling `action`, as RxSwift's
    /// periodic emulation does, so the next tick comes before work the action schedules for the
    /// same time (a `delay` of the timer's element by one period).
    func schedule(at time: TestTime, on scheduler: VirtualTimeScheduler) {
        current.disposable = scheduler.scheduleAbsoluteVirtual((), time: time) { [weak scheduler] _ in
            if let scheduler, let periodTicks = self.periodTicks {
                let now = scheduler.clock
                let nextTime = scheduler.adjustScheduledTime(now + periodTicks)
                checkRule(nextTime > now, "schedulePeriodic: the period rounds to 0 ticks, so it would never end")
                self.schedule(at: nextTime, on: scheduler)
            }
            self.state = self.action(self.state)
            return Disposables.create()
        }
    }
}
