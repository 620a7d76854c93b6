#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value just decoded and the JSON it was decoded from, which a ``WireJSONEncoder`` given it
/// writes in place of encoding the same value again: how a journal records a worker's output
/// inside the action it became without encoding it.
///
/// "The same value" is a value of the same type with the same bits as the copy taken here. Taken
/// while the decoded value is alive, and compared only with values that existed while it was (the
/// taker keeps it alive until every value that may hold it is made), equal bits mean the same
/// references, so the same value, and the JSON decodes to it. Padding that differs only costs the
/// shortcut.
@usableFromInline
package struct KnownJSON: Sendable {
  private let type: ObjectIdentifier
  private let bits: [UInt8]
  let json: RawJSON

  /// Remembers that `value` was decoded from `json`.
  @usableFromInline
  package init<T>(_ value: T, decodedFrom json: RawJSON) {
    type = ObjectIdentifier(T.self)
    bits = withUnsafeBytes(of: value) { Array($0) }
    self.json = json
  }

  /// Whether `value` is the value decoded, so ``json`` may be written for it.
  @inline(__always)
  func isEncoding<T>(of value: T) -> Bool {
    guard ObjectIdentifier(T.self) == type else { return false }
    return withUnsafeBytes(of: value) { value in
      bits.withUnsafeBytes { bits in
        value.count == bits.count && (bits.isEmpty || memcmp(value.baseAddress!, bits.baseAddress!, bits.count) == 0)
      }
    }
  }
}
