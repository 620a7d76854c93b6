/// Reads the discriminator of an enum value straight from the Swift runtime's value witness table.
///
/// Comparing tags lets reflection-based case paths reject other cases without building a `Mirror`,
/// which is what makes them cheap enough for scoping.
enum EnumTag {
  /// Returns the case index of `value`, or `nil` when `Root` is not an enum.
  static func of<Root>(_ value: Root) -> UInt32? {
    guard let getEnumTag = getEnumTagFunction(Root.self) else { return nil }
    let metadata = unsafeBitCast(Root.self as Any.Type, to: UnsafeRawPointer.self)
    return withUnsafePointer(to: value) { getEnumTag(UnsafeRawPointer($0), metadata) }
  }

  /// Whether `Root` is an enum (or `Optional`), the only kinds whose tags can be read.
  static func isEnum<Root>(_ type: Root.Type) -> Bool {
    getEnumTagFunction(type) != nil
  }

  private typealias GetEnumTag = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32

  // Metadata kinds from the Swift ABI (include/swift/ABI/MetadataKind.def).
  private static let enumKind = 0x201
  private static let optionalKind = 0x202

  // In the enum value witness table, getEnumTag follows 8 function pointers,
  // size, stride (8 bytes each) and flags, extra inhabitant count (4 bytes each).
  private static let getEnumTagOffset = 8 * MemoryLayout<UnsafeRawPointer>.size + 8 + 8 + 4 + 4

  private static func getEnumTagFunction<Root>(_ type: Root.Type) -> GetEnumTag? {
    let metadata = unsafeBitCast(type as Any.Type, to: UnsafeRawPointer.self)
    let kind = metadata.load(as: Int.self)
    guard kind == enumKind || kind == optionalKind else { return nil }
    let valueWitnesses = metadata.load(fromByteOffset: -MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
    let function = valueWitnesses.load(fromByteOffset: getEnumTagOffset, as: UnsafeRawPointer.self)
    return unsafeBitCast(function, to: GetEnumTag.self)
  }
}
