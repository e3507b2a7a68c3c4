import Foundation
import Observables
import ObservablesFoundation
import TestSupport
import XCTest

/// `toBlocking()` called on the main thread, as RxBlocking users' XCTest cases do. XCTest, not
/// Swift Testing: XCTest runs each test on the main thread, which Swift Testing never does on
/// Linux (its runner hands the main thread to Dispatch).
final class BlockingMainThreadTests: XCTestCase {
    func testToBlockingOnTheMainThreadRunsTheMainRunLoopWhileItWaits() throws {
        XCTAssertTrue(Thread.isMainThread)
        let fired = try Observable<Int>.timer(.milliseconds(10), scheduler: MainScheduler.instance)
            .toBlocking(timeout: hangLimit).first()
        XCTAssertEqual(fired, 0)
        let hopped = try Observable.of(1, 2, 3).observe(on: MainScheduler.asyncInstance)
            .toBlocking(timeout: hangLimit).toArray()
        XCTAssertEqual(hopped, [1, 2, 3])
    }

    func testToBlockingOnTheMainThreadStillTimesOut() {
        XCTAssertThrowsError(try Observable<Int>.never().toBlocking(timeout: 0.05).first()) { error in
            XCTAssertTrue(errorsAreEqual(error, RxError.timeout))
        }
    }
}
