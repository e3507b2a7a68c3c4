import Foundation
import Observables

extension ObservableType where Element == Data {
    /// Decodes each `Data` element as `type` with `decoder`.
    ///
    /// `-d1-d2-|` → `-v1-v2-|`, where `vN` is `dN` decoded.
    ///
    /// A decoding error ends the sequence with that error (as a throwing `map` does). Decoding
    /// runs on the thread that delivers each element.
    /// - Parameters:
    ///   - type: the `Decodable` type of each element.
    ///   - decoder: `JSONDecoder`, `PropertyListDecoder`, or any ``DataDecoder``.
    public func decode<Item: Decodable, Decoder: DataDecoder>(type: Item.Type, decoder: Decoder) -> Observable<Item> {
        map { try decoder.decode(type, from: $0) }
    }
}

/// Something that decodes a `Decodable` value from `Data`, for
/// `decode(type:decoder:)`. `JSONDecoder` and `PropertyListDecoder` conform.
public protocol DataDecoder {
    /// Decodes a value of `type` from `data`, or throws.
    func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item
}

extension JSONDecoder: DataDecoder {}
extension PropertyListDecoder: DataDecoder {}
