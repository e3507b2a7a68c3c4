import Foundation
import Observables
import ObservablesFoundation
import Testing

@Suite(.leavesNothingAlive) struct DecodeTests {
    struct Point: Codable, Equatable {
        let x: Int
        let y: Int
    }

    @Test func decodesEachElementAndEndsWithTheFirstDecodingError() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let good = Data(#"{"x": 1, "y": 2}"#.utf8)
        let bad = Data(#"{"x": 1}"#.utf8)
        let xs = scheduler.createHotObservable([.next(210, good), .next(220, bad), .next(230, good), .completed(300)])
        let observer = scheduler.start { xs.decode(type: Point.self, decoder: JSONDecoder()) }
        let decodingError = #expect(throws: DecodingError.self) { try JSONDecoder().decode(Point.self, from: bad) }
        expectEvents(observer.events, [.next(210, Point(x: 1, y: 2)), .error(220, try #require(decodingError))])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func takesAPropertyListDecoderOrAnyDataDecoder() throws {
        struct Reversed: DataDecoder {
            func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item {
                try JSONDecoder().decode(type, from: Data(data.reversed()))
            }
        }
        let plist = try PropertyListEncoder().encode(Point(x: 3, y: 4))
        let fromPlist = try Observable.just(plist).decode(type: Point.self, decoder: PropertyListDecoder()).toBlocking()
            .toArray()
        let fromCustom = try Observable.just(Data(#"}5 :"y" ,5 :"x"{"#.utf8)).decode(
            type: Point.self, decoder: Reversed()
        )
        .toBlocking().toArray()
        #expect(fromPlist == [Point(x: 3, y: 4)])
        #expect(fromCustom == [Point(x: 5, y: 5)])
    }
}
