import Synchronization

/// What a reflective case path has learnt about its case, on its first successful extraction: the
/// case's tag, and whether the payload can be read straight out of the enum's memory.
///
/// Once learnt, a mismatch costs one tag comparison and a match one payload copy, with no
/// `Mirror`. Learning is idempotent, so racing threads at worst learn the same thing twice.
@usableFromInline
final class CaseProjection: Sendable {
  /// A learnt case.
  @usableFromInline
  enum Learned: Equatable {
    /// The payload is read from memory, from a heap box when the case is `indirect`.
    case projectable(tag: UInt32, indirect: Bool)
    /// The payload's layout may differ from the path's value type, such as a class payload read
    /// as its subclass: reflection converts it.
    case reflective(tag: UInt32)
  }

  // Bit 63: learnt; bit 62: projectable; bit 61: indirect; low 32 bits: the tag.
  private let storage = Atomic<UInt64>(0)

  @usableFromInline
  init() {}

  /// What has been learnt, or `nil` before the first match.
  @usableFromInline
  var learned: Learned? {
    let raw = storage.load(ordering: .relaxed)
    guard raw & 1 << 63 != 0 else { return nil }
    let tag = UInt32(truncatingIfNeeded: raw)
    return raw & 1 << 62 != 0 ? .projectable(tag: tag, indirect: raw & 1 << 61 != 0) : .reflective(tag: tag)
  }

  /// Records what was learnt from a match of `tag` whose payload had type `payloadType`.
  @usableFromInline
  func learn<Value>(tag: UInt32, payloadType: Any.Type, value _: Value.Type, metadata: EnumMetadata) {
    var raw: UInt64 = 1 << 63 | UInt64(tag)
    if Self.payload(payloadType, hasLayoutOf: Value.self) {
      raw |= 1 << 62
      if metadata.isIndirectCase(tag: tag) { raw |= 1 << 61 }
    }
    storage.store(raw, ordering: .relaxed)
  }

  // MARK: - Layout

  // Metadata kinds (MetadataKind.def) whose values are what their static type says: a payload of
  // one of these kinds reflects as its declared type, never as a dynamic subtype.
  private static let structKind = 0x200
  private static let enumKind = 0x201
  private static let optionalKind = 0x202
  private static let tupleKind = 0x301
  private static let functionKind = 0x302

  /// Whether a payload that reflected as `payloadType` has exactly the layout of `Value`.
  ///
  /// A class, existential or metatype payload reflects as its dynamic type, which says nothing of
  /// the declared one, so those stay reflective. A labelled single payload, `case row(id: Int)`,
  /// is a one-element tuple laid out as its element; tuples that differ only in labels share a
  /// layout.
  ///
  /// A function is stored in the form generic code uses when it is the payload of a generic enum
  /// (`case x(T)`), which a load as its concrete type would misread, so function payloads and
  /// tuples holding functions stay reflective too.
  static func payload<Value>(_ payloadType: Any.Type, hasLayoutOf _: Value.Type) -> Bool {
    let valueType: Any.Type = Value.self
    if payloadType == valueType {
      switch kind(of: valueType) {
      case structKind, enumKind, optionalKind: return true
      case tupleKind: return !(tupleElements(of: valueType) ?? []).contains(where: isFunction)
      default: return false
      }
    }
    guard let payloadElements = tupleElements(of: payloadType), !payloadElements.contains(where: isFunction) else {
      return false
    }
    if payloadElements.count == 1 { return payloadElements[0] == valueType }
    guard let valueElements = tupleElements(of: valueType), valueElements.count == payloadElements.count else {
      return false
    }
    return zip(payloadElements, valueElements).allSatisfy { $0 == $1 }
  }

  private static func isFunction(_ type: Any.Type) -> Bool {
    kind(of: type) == functionKind
  }

  private static func kind(of type: Any.Type) -> Int {
    unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: Int.self)
  }

  /// The element types of a tuple type, or `nil` for any other type.
  ///
  /// Tuple metadata: kind, element count, labels, then an (type, offset) pair per element.
  private static func tupleElements(of type: Any.Type) -> [Any.Type]? {
    guard kind(of: type) == tupleKind else { return nil }
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    let count = metadata.load(fromByteOffset: 8, as: Int.self)
    return (0..<count).map { metadata.load(fromByteOffset: 24 + 16 * $0, as: Any.Type.self) }
  }
}
