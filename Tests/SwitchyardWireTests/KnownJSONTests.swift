import Testing

@testable import SwitchyardWire

/// A value decoded from JSON is written as that JSON when an encoder knows it, wherever it sits in
/// what is encoded, and only that value: an equal-looking value or another type is encoded anew.
@Suite struct KnownJSONTests {
  private struct Point: Codable, Equatable {
    var x: Int
    var label: String
  }

  /// Laid out as a ``Point``, but encoded differently.
  private struct Twin: Codable, Equatable {
    var y: Int
    var name: String
  }

  private enum Action: Codable, Equatable {
    case moved(to: Point, from: Point?)
    case twinned(Twin)
  }

  /// The JSON a worker might have written: members out of order and one the type does not know;
  /// a label too long to be stored inline, so equal text elsewhere is another string's.
  private let arrived = #"{"label":"from a worker, on its own thread","extra":true,"x":7}"#

  private func decoded() throws -> (Point, KnownJSON) {
    let json = try RawJSON(parsing: Array(arrived.utf8))
    let point = try json.decode(Point.self)
    return (point, KnownJSON(point, decodedFrom: json))
  }

  private func encode(_ action: Action, knowing known: KnownJSON) throws -> String {
    var encoder = WireJSONEncoder()
    encoder.known = known
    return String(decoding: try encoder.encode(action), as: UTF8.self)
  }

  @Test func theDecodedValueIsWrittenAsTheJSONItArrivedAs() throws {
    let (point, known) = try decoded()
    let text = try withExtendedLifetime(point) { try encode(.moved(to: point, from: nil), knowing: known) }
    #expect(text == #"{"moved":{"to":\#(arrived)}}"#)
    #expect(try WireJSONDecoder().decode(Action.self, from: Array(text.utf8)) == .moved(to: point, from: nil))
  }

  @Test func anotherValueOfTheSameTypeIsEncoded() throws {
    let (point, known) = try decoded()
    var moved = point
    moved.x = 8
    let equal = Point(x: 7, label: "from a worker, on its own thread")
    let text = try withExtendedLifetime(point) { try encode(.moved(to: moved, from: equal), knowing: known) }
    #expect(
      text == #"{"moved":{"to":{"x":8,"label":"from a worker, on its own thread"},"from":{"x":7,"label":"from a worker, on its own thread"}}}"#
    )
  }

  @Test func aValueOfAnotherTypeWithTheSameBitsIsEncoded() throws {
    let (point, known) = try decoded()
    let twin = unsafeBitCast(point, to: Twin.self)
    let text = try withExtendedLifetime(point) { try encode(.twinned(twin), knowing: known) }
    #expect(text == #"{"twinned":{"_0":{"y":7,"name":"from a worker, on its own thread"}}}"#)
  }
}
