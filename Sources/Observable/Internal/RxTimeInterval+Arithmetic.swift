import Dispatch

// The time operators' arithmetic on dates and intervals.

/// Seconds between two dates.
@inlinable
func seconds(from start: RxTime, to end: RxTime) -> Double {
    end.timeIntervalSince(start)
}

extension RxTimeInterval {
    /// What is left of this interval once `elapsed` seconds have passed: counted in the
    /// interval's own unit and rounded to the nearest whole unit (halves away from zero), 0 when
    /// nothing is left (RxSwift's arithmetic for `throttle` and `delay`). `.never` stays `.never`.
    @inlinable
    func remaining(afterSeconds elapsed: Double) -> RxTimeInterval {
        func reduce(_ value: Int, _ unitsPerSecond: Double) -> Int {
            let remainder = Double(value) - elapsed * unitsPerSecond
            return remainder > 0 ? Int(remainder.rounded(.toNearestOrAwayFromZero)) : 0
        }
        switch self {
        case .seconds(let value): return .seconds(reduce(value, 1))
        case .milliseconds(let value): return .milliseconds(reduce(value, 1_000))
        case .microseconds(let value): return .microseconds(reduce(value, 1_000_000))
        case .nanoseconds(let value): return .nanoseconds(reduce(value, 1_000_000_000))
        case .never: return .never
        @unknown default: return self
        }
    }

    /// `true` for an interval of 0 in any unit.
    @inlinable
    var isNow: Bool {
        switch self {
        case .seconds(let value), .milliseconds(let value), .microseconds(let value), .nanoseconds(let value):
            return value == 0
        case .never: return false
        @unknown default: return false
        }
    }
}
