/// Writes an object's members for a ``StreamEncoder``.
///
/// Package code that encodes a value very often can use one unboxed (``unboxed(_:)``):
/// `KeyedEncodingContainer` allocates a box for each and looks its generic types up at run time.
package struct StreamKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let encoder: StreamEncoder
  let level: Int
  let token: UInt32

  package var codingPath: [any CodingKey] { encoder.codingPath }

  /// The container `encoder.container(keyedBy:)` would return, unboxed, if `encoder` is a
  /// ``WireJSONEncoder``'s; `nil` for any other encoder.
  package static func unboxed(_ encoder: any Encoder) -> StreamKeyedContainer? {
    guard let encoder = encoder as? StreamEncoder else { return nil }
    let (level, token) = encoder.openSlotContainer(isObject: true)
    return StreamKeyedContainer(encoder: encoder, level: level, token: token)
  }

  /// ``nestedContainer(keyedBy:forKey:)``, unboxed.
  package mutating func nestedUnboxed<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> StreamKeyedContainer<NestedKey> {
    let (level, token) = encoder.prepareNested(level: level, token: token, key: key.stringValue, isObject: true)
    return StreamKeyedContainer<NestedKey>(encoder: encoder, level: level, token: token)
  }

  @inline(__always)
  private func member(_ key: Key) throws {
    try encoder.prepare(level: level, token: token, key: key.stringValue)
  }

  @inline(__always)
  private func integer<T: FixedWidthInteger>(_ value: T, _ key: Key) throws {
    try member(key)
    JSONWriting.appendInteger(value, to: &encoder.state.pointee.bytes)
  }

  package mutating func encodeNil(forKey key: Key) throws {
    try member(key)
    JSONWriting.appendNull(to: &encoder.state.pointee.bytes)
  }

  package mutating func encode(_ value: Bool, forKey key: Key) throws {
    try member(key)
    JSONWriting.appendBool(value, to: &encoder.state.pointee.bytes)
  }

  package mutating func encode(_ value: String, forKey key: Key) throws {
    try member(key)
    JSONWriting.appendString(value, to: &encoder.state.pointee.bytes)
  }

  package mutating func encode(_ value: Double, forKey key: Key) throws {
    try member(key)
    try encoder.encodeDouble(value)
  }

  package mutating func encode(_ value: Float, forKey key: Key) throws {
    try member(key)
    try encoder.encodeFloat(value)
  }

  package mutating func encode(_ value: Int, forKey key: Key) throws { try integer(value, key) }
  package mutating func encode(_ value: Int8, forKey key: Key) throws { try integer(value, key) }
  package mutating func encode(_ value: Int16, forKey key: Key) throws { try integer(value, key) }
  package mutating func encode(_ value: Int32, forKey key: Key) throws { try integer(value, key) }
  package mutating func encode(_ value: Int64, forKey key: Key) throws { try integer(value, key) }
  package mutating func encode(_ value: UInt, forKey key: Key) throws { try integer(value, key) }
  package mutating func encode(_ value: UInt8, forKey key: Key) throws { try integer(value, key) }
  package mutating func encode(_ value: UInt16, forKey key: Key) throws { try integer(value, key) }
  package mutating func encode(_ value: UInt32, forKey key: Key) throws { try integer(value, key) }
  package mutating func encode(_ value: UInt64, forKey key: Key) throws { try integer(value, key) }

  package mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    try member(key)
    try encoder.encode(value, key: key)
  }

  package mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let (level, token) = encoder.prepareNested(level: level, token: token, key: key.stringValue, isObject: true)
    return KeyedEncodingContainer(StreamKeyedContainer<NestedKey>(encoder: encoder, level: level, token: token))
  }

  package mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let (level, token) = encoder.prepareNested(level: level, token: token, key: key.stringValue, isObject: false)
    return StreamUnkeyedContainer(encoder: encoder, level: level, token: token)
  }

  package mutating func superEncoder() -> any Encoder { encoder.requireTree() }
  package mutating func superEncoder(forKey key: Key) -> any Encoder { encoder.requireTree() }
}
