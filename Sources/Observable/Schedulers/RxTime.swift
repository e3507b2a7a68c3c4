#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A point in wall-clock time, as schedulers report it (``SchedulerType/now``): seconds since
/// 1970-01-01 00:00:00 UTC.
///
/// RxSwift's `RxTime` is Foundation's `Date`. This library does not load Foundation (a process
/// that links it would grow by about 8 MB), so `RxTime` is a small value with `Date`'s names for
/// what schedulers need: ``timeIntervalSince1970``, ``timeIntervalSince(_:)``,
/// ``addingTimeInterval(_:)``, comparison and `+`/`-` with seconds. `ObservablesFoundation`
/// converts both ways (`Date(time)`, `RxTime(date)`).
public struct RxTime: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// Seconds since 1970-01-01 00:00:00 UTC (may be negative or fractional).
    public var timeIntervalSince1970: Double

    /// The time `timeIntervalSince1970` seconds after 1970-01-01 00:00:00 UTC.
    @inlinable
    public init(timeIntervalSince1970: Double) {
        self.timeIntervalSince1970 = timeIntervalSince1970
    }

    /// The current wall-clock time (`CLOCK_REALTIME`, to the nanosecond the system gives).
    public static var now: RxTime {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return RxTime(timeIntervalSince1970: Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000)
    }

    /// Seconds from `other` to this time (negative when `other` is later).
    @inlinable
    public func timeIntervalSince(_ other: RxTime) -> Double {
        timeIntervalSince1970 - other.timeIntervalSince1970
    }

    /// This time moved by `seconds` (earlier when negative).
    @inlinable
    public func addingTimeInterval(_ seconds: Double) -> RxTime {
        RxTime(timeIntervalSince1970: timeIntervalSince1970 + seconds)
    }

    @inlinable
    public static func < (lhs: RxTime, rhs: RxTime) -> Bool {
        lhs.timeIntervalSince1970 < rhs.timeIntervalSince1970
    }

    /// `time` moved by `seconds`.
    @inlinable
    public static func + (time: RxTime, seconds: Double) -> RxTime {
        time.addingTimeInterval(seconds)
    }

    /// `time` moved back by `seconds`.
    @inlinable
    public static func - (time: RxTime, seconds: Double) -> RxTime {
        time.addingTimeInterval(-seconds)
    }

    /// ISO 8601 in UTC with milliseconds, as `debug` prints it: `2026-12-01T16:39:07.125Z`.
    public var description: String {
        let milliseconds = (timeIntervalSince1970 * 1_000).rounded(.down)
        var seconds = time_t(Int64((milliseconds / 1_000).rounded(.down)))
        let millis = Int(milliseconds - Double(Int64(seconds)) * 1_000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func padded(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(parts.tm_year + 1900, 4))-\(padded(parts.tm_mon + 1, 2))-\(padded(parts.tm_mday, 2))"
            + "T\(padded(parts.tm_hour, 2)):\(padded(parts.tm_min, 2)):\(padded(parts.tm_sec, 2))"
            + ".\(padded(Int32(millis), 3))Z"
    }
}
