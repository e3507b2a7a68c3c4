import Foundation
import ObservablesFoundation
import Testing

/// `RxTime`, what schedulers report as `now` (RxSwift's is `Date`): the names a user of `Date`
/// reaches for, the wall clock, the text `debug` prints, and the conversions to and from `Date`.
@Suite struct RxTimeTests {
    @Test func readsAndMovesWithDatesNames() {
        let start = RxTime(timeIntervalSince1970: 100)
        #expect(start.addingTimeInterval(2.5).timeIntervalSince1970 == 102.5)
        #expect((start + 1).timeIntervalSince(start) == 1)
        #expect((start - 1) < start)
        #expect(start.timeIntervalSince(start + 3) == -3)
    }

    @Test func nowIsTheWallClock() {
        let before = Date().timeIntervalSince1970
        let now = RxTime.now.timeIntervalSince1970
        let after = Date().timeIntervalSince1970
        #expect(before - 0.001 <= now && now <= after + 0.001)
        #expect(abs(MainScheduler.instance.now.timeIntervalSince1970 - after) < 5)
    }

    @Test func describesItselfInISO8601WithMillisecondsInUTC() {
        #expect(RxTime(timeIntervalSince1970: 0).description == "1970-01-01T00:00:00.000Z")
        #expect(RxTime(timeIntervalSince1970: 1_796_143_147.125).description == "2026-12-01T16:39:07.125Z")
        #expect(RxTime(timeIntervalSince1970: -0.5).description == "1969-12-31T23:59:59.500Z")
    }

    @Test func convertsToAndFromDateAtTheSameInstant() {
        let date = Date(timeIntervalSince1970: 1_796_143_147.25)
        #expect(RxTime(date).timeIntervalSince1970 == 1_796_143_147.25)
        #expect(RxTime(date).date == date)
        #expect(Date(RxTime(timeIntervalSince1970: 42)) == Date(timeIntervalSince1970: 42))
    }
}
