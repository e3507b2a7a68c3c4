/// The element types `interval` and `timer` count in: RxSwift's name for `FixedWidthInteger`,
/// for code that constrains its own extensions the same way.
public typealias RxAbstractInteger = FixedWidthInteger

extension ObservableType where Element: RxAbstractInteger {
    /// Emits 0, 1, 2, ... every `period`, on `scheduler`, forever.
    ///
    /// `-----0----1----2----3--...` (one dash per `period / 5`)
    ///
    /// The first element comes one `period` after subscription. Elements are delivered on
    /// `scheduler` (a periodic timer; ticks never overlap). Never completes; disposing the
    /// subscription cancels the timer, so no timer is left running.
    @inlinable
    public static func interval(_ period: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        timer(period, period: period, scheduler: scheduler)
    }

    /// Emits 0 after `dueTime`, then, when `period` is given, 1, 2, ... every `period`; without a
    /// period it completes right after the 0.
    ///
    /// `------0|` (no period) or `------0--1--2--...` (with a period)
    ///
    /// Elements (and the completion) are delivered on `scheduler`. Disposing the subscription
    /// cancels the timer.
    @inlinable
    public static func timer(
        _ dueTime: RxTimeInterval, period: RxTimeInterval? = nil, scheduler: SchedulerType
    ) -> Observable<Element> {
        Observable { observer in
            let sink = Sink<Element>(downstream: observer)
            if let period {
                let timer = scheduler.schedulePeriodic(Element.zero, startAfter: dueTime, period: period) { count in
                    sink.forwardNext(count)
                    return count &+ 1
                }
                return sink.setUpstream(timer)
            }
            let timer = scheduler.scheduleRelative((), dueTime: dueTime) { _ in
                sink.forwardNext(Element.zero)
                sink.forward(.completed)
                return Disposables.create()
            }
            return sink.setUpstream(timer)
        }
    }
}
