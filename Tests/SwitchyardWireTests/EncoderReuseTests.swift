import Foundation
import Testing
import SwitchyardWire

/// Each thread reuses one encoder across encodes: what it writes must not depend on what it
/// wrote before, on an encode nested in another, or on an encode that failed halfway.
@Suite struct EncoderReuseTests {
  private struct Point: Codable, Equatable {
    var x: Int
    var label: String
  }

  /// Encodes a value of its own, with the same kind of encoder, while it is being encoded.
  private struct Envelope: Encodable {
    var inner: Point

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: AnyKey.self)
      let innerText = String(decoding: try WireJSONEncoder().encode(inner), as: UTF8.self)
      try container.encode(innerText, forKey: AnyKey("text"))
      try container.encode(inner, forKey: AnyKey("value"))
    }
  }

  /// Throws after writing part of its object.
  private struct FailsHalfway: Encodable {
    struct Failure: Error {}

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: AnyKey.self)
      try container.encode([1, 2, 3], forKey: AnyKey("written"))
      throw Failure()
    }
  }

  @Test func anEncodeInsideAnotherWritesBothWhole() throws {
    let bytes = try WireJSONEncoder().encode(Envelope(inner: Point(x: 1, label: "a")))
    #expect(String(decoding: bytes, as: UTF8.self) == #"{"text":"{\"x\":1,\"label\":\"a\"}","value":{"x":1,"label":"a"}}"#)
  }

  @Test func anEncodeAfterOneThatFailedStartsClean() throws {
    let encoder = WireJSONEncoder()
    #expect(throws: FailsHalfway.Failure.self) { try encoder.encode(FailsHalfway()) }
    var buffer = Array("prefix:".utf8)
    #expect(throws: FailsHalfway.Failure.self) { try encoder.encode(FailsHalfway(), appendingTo: &buffer) }
    #expect(String(decoding: buffer, as: UTF8.self) == "prefix:", "a failed encode leaves the buffer as it was")
    #expect(String(decoding: try encoder.encode(Point(x: 2, label: "b")), as: UTF8.self) == #"{"x":2,"label":"b"}"#)
  }

  @Test func aLargeEncodeAndTheSmallOnesAfterItAgree() throws {
    let encoder = WireJSONEncoder()
    let large = String(repeating: "x", count: 2 << 20)
    let bytes = try encoder.encode(Point(x: 3, label: large))
    #expect(bytes.count == large.utf8.count + #"{"x":3,"label":""}"#.utf8.count)
    #expect(String(decoding: try encoder.encode(Point(x: 4, label: "c")), as: UTF8.self) == #"{"x":4,"label":"c"}"#)
  }

  @Test func threadsEncodingAtOnceEachWriteTheirOwnValues() async throws {
    let results = try await withThrowingTaskGroup(of: Bool.self) { group in
      for thread in 0..<8 {
        group.addTask {
          try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
              do {
                var allMatch = true
                for index in 0..<2_000 {
                  let point = Point(x: thread * 10_000 + index, label: "t\(thread)-\(index)")
                  let decoded = try WireJSONDecoder().decode(Point.self, from: WireJSONEncoder().encode(point))
                  allMatch = allMatch && decoded == point
                }
                continuation.resume(returning: allMatch)
              } catch {
                continuation.resume(throwing: error)
              }
            }
          }
        }
      }
      return try await group.reduce(into: [Bool]()) { $0.append($1) }
    }
    #expect(results == Array(repeating: true, count: 8))
  }
}

/// A coding key made from any string, for the hand-written `encode(to:)`s above.
private struct AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(_ string: String) { stringValue = string }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}
