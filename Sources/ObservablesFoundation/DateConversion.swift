import Foundation
import Observables

extension RxTime {
    /// The same instant as `date`: a scheduler's time next to Foundation's (RxSwift's `RxTime` is
    /// `Date`).
    public init(_ date: Date) {
        self.init(timeIntervalSince1970: date.timeIntervalSince1970)
    }

    /// This instant as a `Date`.
    public var date: Date {
        Date(timeIntervalSince1970: timeIntervalSince1970)
    }
}

extension Date {
    /// The same instant as `time` (a scheduler's `now` is an `RxTime`).
    public init(_ time: RxTime) {
        self.init(timeIntervalSince1970: time.timeIntervalSince1970)
    }
}
