/// The Swift runtime's description of an enum type, read from its metadata: what case a value is,
/// and where that case's payload lives.
///
/// This is what lets reflective case paths (`/Action.child`) match and extract without building a
/// `Mirror`. Layouts are those of the stable Swift ABI on 64-bit platforms
/// (include/swift/ABI/Metadata.h, ValueWitness.def, Reflection/Records.h).
@usableFromInline
struct EnumMetadata {
  @usableFromInline
  typealias GetEnumTag = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32
  @usableFromInline
  typealias DestructiveProjectEnumData = @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void
  @usableFromInline
  typealias DestructiveInjectEnumTag = @convention(c) (UnsafeMutableRawPointer, UInt32, UnsafeRawPointer) -> Void

  // Metadata kinds (MetadataKind.def).
  private static let enumKind = 0x201
  private static let optionalKind = 0x202

  // The enum value witnesses follow 8 function pointers, size, stride (8 bytes each), flags and
  // extra inhabitant count (4 bytes each).
  private static let enumWitnessesOffset = 8 * MemoryLayout<UnsafeRawPointer>.size + 8 + 8 + 4 + 4

  /// The size of a heap object's header, after which an indirect case's box holds its payload.
  @inlinable
  static var heapObjectHeaderSize: Int { 2 * MemoryLayout<UnsafeRawPointer>.size }

  @usableFromInline
  let metadata: UnsafeRawPointer
  @usableFromInline
  let getEnumTag: GetEnumTag
  @usableFromInline
  let destructiveProjectEnumData: DestructiveProjectEnumData
  @usableFromInline
  let destructiveInjectEnumTag: DestructiveInjectEnumTag

  /// The metadata of `type`, or `nil` when it is not an enum (or `Optional`).
  @usableFromInline
  init?<Root>(_ type: Root.Type) {
    let metadata = unsafeBitCast(type as Any.Type, to: UnsafeRawPointer.self)
    let kind = metadata.load(as: Int.self)
    guard kind == Self.enumKind || kind == Self.optionalKind else { return nil }
    let valueWitnesses = metadata.load(fromByteOffset: -MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
    let pointerSize = MemoryLayout<UnsafeRawPointer>.size
    self.metadata = metadata
    self.getEnumTag = unsafeBitCast(
      valueWitnesses.load(fromByteOffset: Self.enumWitnessesOffset, as: UnsafeRawPointer.self),
      to: GetEnumTag.self
    )
    self.destructiveProjectEnumData = unsafeBitCast(
      valueWitnesses.load(fromByteOffset: Self.enumWitnessesOffset + pointerSize, as: UnsafeRawPointer.self),
      to: DestructiveProjectEnumData.self
    )
    self.destructiveInjectEnumTag = unsafeBitCast(
      valueWitnesses.load(fromByteOffset: Self.enumWitnessesOffset + 2 * pointerSize, as: UnsafeRawPointer.self),
      to: DestructiveInjectEnumTag.self
    )
  }

  /// The case index of `value`: payload cases first, in declaration order, then empty cases.
  @inlinable
  func tag<Root>(of value: Root) -> UInt32 {
    withUnsafePointer(to: value) { getEnumTag(UnsafeRawPointer($0), metadata) }
  }

  /// Whether the case at `tag` is `indirect`, so its payload lives in a heap box.
  ///
  /// Reads the case's field record in the type's reflection metadata, as `Mirror` does.
  func isIndirectCase(tag: UInt32) -> Bool {
    let descriptor = metadata.load(fromByteOffset: MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
    // TargetTypeContextDescriptor: flags, parent, name, access function, then fields.
    guard let fields = Self.resolveRelative(descriptor + 16) else { return false }
    // FieldDescriptor: mangled type name, superclass, kind (2 bytes), record size (2), count (4).
    let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
    let count = fields.load(fromByteOffset: 12, as: UInt32.self)
    guard tag < count else { return false }
    let flags = fields.load(fromByteOffset: 16 + Int(tag) * recordSize, as: UInt32.self)
    return flags & 0x1 != 0
  }

  /// The payload of `root`, which must be of the case `tag`, read as `Value`.
  ///
  /// `Value` must have the payload's exact layout; ``CaseProjection`` establishes that before
  /// calling. The payload is read from a copy of `root`, whose tag is restored before the copy is
  /// destroyed, so the copy is released as the enum it is.
  @inlinable
  func payload<Root, Value>(of root: Root, tag: UInt32, indirect: Bool, as _: Value.Type) -> Value {
    var copy = root
    return withUnsafeMutablePointer(to: &copy) { pointer in
      let raw = UnsafeMutableRawPointer(pointer)
      destructiveProjectEnumData(raw, metadata)
      defer { destructiveInjectEnumTag(raw, tag, metadata) }
      guard indirect else { return raw.load(as: Value.self) }
      let box = raw.load(as: UnsafeRawPointer.self)
      let alignMask = MemoryLayout<Value>.alignment - 1
      let offset = (Self.heapObjectHeaderSize + alignMask) & ~alignMask
      return box.load(fromByteOffset: offset, as: Value.self)
    }
  }

  /// Follows a nullable 32-bit relative pointer stored at `address`.
  private static func resolveRelative(_ address: UnsafeRawPointer) -> UnsafeRawPointer? {
    let offset = address.load(as: Int32.self)
    return offset == 0 ? nil : address + Int(offset)
  }
}
