/// The type, effect and generation at the head of an attempt's message as Switchyard's encoders
/// write it, `{"type":"T","effect":N,"generation":G,…` or `…}`, read without parsing the rest.
///
/// What routes and acknowledges a message in transit is all at its head, and its body (a job,
/// an output) is for the end that consumes it: the transport passes payloads through and decodes
/// them in full only when this finds another shape.
struct AttemptHead: Equatable {
  enum Kind: Equatable {
    case run, cancel, emit, finished, failed
  }

  var kind: Kind
  var effect: UInt64
  var generation: UInt32

  init(kind: Kind, effect: UInt64, generation: UInt32) {
    self.kind = kind
    self.effect = effect
    self.generation = generation
  }

  /// The head of `payload`; `nil` when it does not start exactly as the encoders write it.
  init?(payload: [UInt8]) {
    var cursor = Cursor(bytes: payload)
    guard cursor.skip(#"{"type":""#) else { return nil }
    let kind: Kind
    if cursor.skip(#"run""#) {
      kind = .run
    } else if cursor.skip(#"emit""#) {
      kind = .emit
    } else if cursor.skip(#"finished""#) {
      kind = .finished
    } else if cursor.skip(#"failed""#) {
      kind = .failed
    } else if cursor.skip(#"cancel""#) {
      kind = .cancel
    } else {
      return nil
    }
    guard cursor.skip(#","effect":"#), let effect = cursor.integer(UInt64.self),
      cursor.skip(#","generation":"#), let generation = cursor.integer(UInt32.self),
      cursor.skip(",") || cursor.skip("}")
    else { return nil }
    self.init(kind: kind, effect: effect, generation: generation)
  }

  private struct Cursor {
    let bytes: [UInt8]
    var index = 0

    mutating func skip(_ literal: StaticString) -> Bool {
      let count = literal.utf8CodeUnitCount
      guard bytes.count - index >= count else { return false }
      let matches = literal.withUTF8Buffer { expected in
        bytes.withUnsafeBufferPointer { actual in
          (0..<count).allSatisfy { actual[index + $0] == expected[$0] }
        }
      }
      if matches { index += count }
      return matches
    }

    /// A decimal without sign, leading zeros or overflow.
    mutating func integer<T: FixedWidthInteger>(_: T.Type) -> T? {
      let start = index
      var value: T = 0
      while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
        let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
        let (sum, overflow2) = times.addingReportingOverflow(T(bytes[index] - UInt8(ascii: "0")))
        guard !overflow1, !overflow2 else { return nil }
        value = sum
        index += 1
      }
      let digits = index - start
      guard digits > 0, digits == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
      return value
    }
  }
}
