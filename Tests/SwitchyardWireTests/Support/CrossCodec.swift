import Foundation
import SwitchyardWire
import Testing

/// Checks a value survives every pairing of our codec and Foundation's: ours → ours,
/// ours → Foundation, Foundation → ours.
func expectCrossCodecRoundTrip<T: Codable & Equatable>(
  _ value: T, sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let ours = try WireJSONEncoder().encode(value)
  let theirs = try JSONEncoder().encode(value)
  let oursByOurs = try WireJSONDecoder().decode(T.self, from: ours)
  let oursByFoundation = try JSONDecoder().decode(T.self, from: Data(ours))
  let theirsByOurs = try WireJSONDecoder().decode(T.self, from: theirs)
  #expect(oursByOurs == value, "ours → ours: \(String(decoding: ours, as: UTF8.self))", sourceLocation: sourceLocation)
  #expect(oursByFoundation == value, "ours → Foundation", sourceLocation: sourceLocation)
  #expect(theirsByOurs == value, "Foundation → ours: \(String(decoding: theirs, as: UTF8.self))", sourceLocation: sourceLocation)
}

extension Array where Element == UInt8 {
  /// The bytes as text, for readable expectations.
  var text: String { String(decoding: self, as: UTF8.self) }
}
