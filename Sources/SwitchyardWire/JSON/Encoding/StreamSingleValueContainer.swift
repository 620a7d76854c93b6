/// Writes a value that is a single JSON value for a ``StreamEncoder``.
struct StreamSingleValueContainer: SingleValueEncodingContainer, StreamScalarWriting {
  let encoder: StreamEncoder
  /// Where the value's slot is; writing anywhere else means the value was already written.
  let depth: Int
  let mark: Int

  var codingPath: [any CodingKey] { encoder.codingPath }

  @inline(__always)
  func claimSlot() throws {
    let state = encoder.state
    guard !state.pointee.needsTree, state.pointee.open.count == depth, state.pointee.bytes.count == mark else {
      state.pointee.needsTree = true
      throw StreamEncoder.NeedsTree()
    }
  }

  mutating func encode<T: Encodable>(_ value: T) throws {
    try claimSlot()
    try encoder.encode(value)
  }
}
