/// Direct writing of the collections messages carry most (capabilities, counters, pool sizes),
/// skipping the keyed container and boxed keys `Dictionary.encode(to:)` goes through.
extension StreamEncoder {
  /// Writes `value` and returns `true` if it is one of the collections handled here.
  @inline(__always)
  func encodeCommonCollection<T: Encodable>(_ value: T) -> Bool {
    guard state.pointee.open.count < options.maxDepth else { return false }
    if T.self == [String].self {
      writeArray(unsafeBitCast(value, to: [String].self)) { JSONWriting.appendString($0, to: &$1) }
    } else if state.pointee.sortsKeys || options.unorderedSortsKeys {
      // Written through `Encodable`: a dictionary's order varies from process to process.
      return false
    } else if T.self == [String: Int64].self {
      writeObject(unsafeBitCast(value, to: [String: Int64].self)) { JSONWriting.appendInteger($0, to: &$1) }
    } else if T.self == [String: Int].self {
      writeObject(unsafeBitCast(value, to: [String: Int].self)) { JSONWriting.appendInteger($0, to: &$1) }
    } else if T.self == [String: String].self {
      writeObject(unsafeBitCast(value, to: [String: String].self)) { JSONWriting.appendString($0, to: &$1) }
    } else {
      return false
    }
    return true
  }

  private func writeArray<Element>(_ elements: [Element], _ write: (Element, inout ByteBuffer) -> Void) {
    state.pointee.bytes.writeByte(UInt8(ascii: "["))
    for (index, element) in elements.enumerated() {
      if index > 0 { state.pointee.bytes.writeByte(UInt8(ascii: ",")) }
      write(element, &state.pointee.bytes)
    }
    state.pointee.bytes.writeByte(UInt8(ascii: "]"))
  }

  private func writeObject<Value>(_ members: [String: Value], _ write: (Value, inout ByteBuffer) -> Void) {
    state.pointee.bytes.writeByte(UInt8(ascii: "{"))
    var first = true
    for (key, value) in members {
      if !first { state.pointee.bytes.writeByte(UInt8(ascii: ",")) }
      first = false
      JSONWriting.appendString(key, to: &state.pointee.bytes)
      state.pointee.bytes.writeByte(UInt8(ascii: ":"))
      write(value, &state.pointee.bytes)
    }
    state.pointee.bytes.writeByte(UInt8(ascii: "}"))
  }
}
