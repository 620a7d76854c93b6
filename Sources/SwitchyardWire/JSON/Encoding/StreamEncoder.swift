/// The `Encoder` that writes JSON bytes as values are encoded, with no intermediate tree.
///
/// Synthesized `Encodable` code writes each container's members in order and finishes a nested
/// value before writing the next, so each member can be written at once: a container's closing
/// bracket is written when its parent writes again or its value's `encode(to:)` returns.
/// Anything that breaks that order (writing into a container after a sibling's, a
/// `superEncoder`) sets ``State/needsTree`` and the caller starts over with ``TreeEncoder``.
///
/// With ``WireJSONEncoder/Options/sortsKeys`` each object's members are put in key order as the
/// object closes (``sortMembers(of:)``), so sorted output streams too, byte for byte as the tree
/// writes it.
final class StreamEncoder: Encoder {
  /// A container whose closing bracket is not yet written.
  struct Open {
    var isObject: Bool
    var count: Int
    /// Identifies the container, so a stale one (already closed) is noticed when written to.
    var token: UInt32
    /// The offset of its opening bracket, which is where its value's slot started.
    var start: Int
    /// Where its members begin in ``State/members`` when keys are sorted.
    var firstMember: Int
  }

  /// A member of an open object when keys are sorted: its key, the offset its `"key":` starts at,
  /// and whether the key is written as it is, unescaped, so its bytes can be compared where they lie.
  struct Member {
    var key: String
    var start: Int
    var keyLength: Int
    var isWrittenAsIs: Bool
  }

  struct State {
    var bytes = ByteBuffer(capacity: 256)
    var open: [Open] = []
    /// The container depth and byte offset at which the value being encoded now starts.
    var slotDepth = 0
    var slotMark = 0
    var nextToken: UInt32 = 1
    var needsTree = false
    /// Set, with ``needsTree``, when the value holds a collection whose keys' order varies and the
    /// options ask to start over with sorted keys then (``WireJSONEncoder/Options/unorderedSortsKeys``).
    var needsSortedKeys = false
    /// Set while the top-level value has not started, whose empty encoding is an error rather than `{}`.
    var atTopLevel = false
    var path: [any CodingKey] = []
    /// ``WireJSONEncoder/Options/sortsKeys``, read for every member: here, its read skips the
    /// exclusivity check a read of ``options`` makes.
    var sortsKeys = false
    /// The members of the open objects, outermost first, when keys are sorted.
    var members: [Member] = []
    /// An object's bytes while its members are put in order, and the order, kept between objects.
    var reordering: [UInt8] = []
    var order: [Int] = []

    init() {
      open.reserveCapacity(8)
    }
  }

  /// Thrown to unwind once the value turned out to need ``TreeEncoder``.
  struct NeedsTree: Error {}

  /// Kept behind a pointer so its many writes skip the exclusivity checks of class properties.
  let state: UnsafeMutablePointer<State>
  private(set) var options: WireJSONEncoder.Options
  /// Set while an encode uses this encoder (see ``StreamEncoderCache``).
  var isInUse = false

  init(options: WireJSONEncoder.Options) {
    self.options = options
    state = .allocate(capacity: 1)
    state.initialize(to: State())
    state.pointee.sortsKeys = options.sortsKeys
  }

  deinit {
    state.pointee.bytes.deallocate()
    state.deinitialize(count: 1)
    state.deallocate()
  }

  /// Readies a used encoder for the next encode with `options`, keeping its allocations.
  func reset(options: WireJSONEncoder.Options) {
    self.options = options
    state.pointee.sortsKeys = options.sortsKeys
    state.pointee.bytes.removeAll()
    state.pointee.open.removeAll(keepingCapacity: true)
    state.pointee.slotDepth = 0
    state.pointee.slotMark = 0
    state.pointee.needsTree = false
    state.pointee.needsSortedKeys = false
    state.pointee.atTopLevel = false
    state.pointee.path.removeAll(keepingCapacity: true)
    // Left by an encode that threw before its objects closed.
    if !state.pointee.members.isEmpty { state.pointee.members.removeAll(keepingCapacity: true) }
  }

  /// Ends an encode, letting go of a buffer grown past ``StreamEncoderCache/maxKeptBytes``.
  func finishUse() {
    isInUse = false
    if state.pointee.bytes.capacity > StreamEncoderCache.maxKeptBytes {
      state.pointee.bytes.deallocate()
      state.pointee.bytes = ByteBuffer(capacity: 256)
    }
  }

  var codingPath: [any CodingKey] { state.pointee.path }
  var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    let (level, token) = openSlotContainer(isObject: true)
    return KeyedEncodingContainer(StreamKeyedContainer<Key>(encoder: self, level: level, token: token))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    let (level, token) = openSlotContainer(isObject: false)
    return StreamUnkeyedContainer(encoder: self, level: level, token: token)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    StreamSingleValueContainer(encoder: self, depth: state.pointee.slotDepth, mark: state.pointee.slotMark)
  }

  /// Opens the current value's container, or returns it again when the value asks twice (as a
  /// message's `"type"` and its payload's fields share one object).
  func openSlotContainer(isObject: Bool) -> (level: Int, token: UInt32) {
    let depth = state.pointee.slotDepth
    let mark = state.pointee.slotMark
    if !state.pointee.needsTree {
      if state.pointee.open.count == depth && state.pointee.bytes.count == mark {
        return push(isObject: isObject)
      }
      if state.pointee.open.count > depth, state.pointee.open[depth].start == mark,
        state.pointee.open[depth].isObject == isObject
      {
        return (depth, state.pointee.open[depth].token)
      }
    }
    state.pointee.needsTree = true
    return (0, 0)
  }

  /// Writes an opening bracket and tracks the new container.
  func push(isObject: Bool) -> (level: Int, token: UInt32) {
    let token = state.pointee.nextToken
    state.pointee.nextToken &+= 1
    // The members' count only when sorting: read for every container, it made an unsorted `run`
    // frame 3 % slower to encode.
    let firstMember = state.pointee.sortsKeys ? state.pointee.members.count : 0
    state.pointee.open.append(Open(isObject: isObject, count: 0, token: token, start: state.pointee.bytes.count, firstMember: firstMember))
    state.pointee.bytes.writeByte(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
    return (state.pointee.open.count - 1, token)
  }

  /// Readies the container at `level` for its next member or element: closes containers
  /// nested in it, writes the comma and, for objects, the key.
  @inline(__always)
  func prepare(level: Int, token: UInt32, key: String?) throws {
    guard level < state.pointee.open.count, state.pointee.open[level].token == token else {
      state.pointee.needsTree = true
      throw NeedsTree()
    }
    if state.pointee.open.count > level + 1 { close(above: level + 1) }
    if state.pointee.open[level].count > 0 { state.pointee.bytes.writeByte(UInt8(ascii: ",")) }
    state.pointee.open[level].count += 1
    if let key {
      if state.pointee.sortsKeys {
        let start = state.pointee.bytes.count
        JSONWriting.appendString(key, to: &state.pointee.bytes)
        noteMember(key, start: start)
      } else {
        JSONWriting.appendString(key, to: &state.pointee.bytes)
      }
      state.pointee.bytes.writeByte(UInt8(ascii: ":"))
    }
  }

  /// ``prepare(level:token:key:)`` for the non-throwing `nestedContainer` calls, then the bracket.
  func prepareNested(level: Int, token: UInt32, key: String?, isObject: Bool) -> (level: Int, token: UInt32) {
    do {
      try prepare(level: level, token: token, key: key)
      return push(isObject: isObject)
    } catch {
      return (0, 0)
    }
  }

  /// Writes the closing brackets of containers at `depth` and deeper.
  func close(above depth: Int) {
    while state.pointee.open.count > depth {
      let open = state.pointee.open.removeLast()
      if open.isObject && state.pointee.sortsKeys { sortMembers(of: open) }
      state.pointee.bytes.writeByte(open.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }
  }

  /// Marks the value as needing to start over with sorted keys, as it holds a collection whose
  /// keys' order varies, and returns the error that unwinds to the start.
  private func needSortedKeys() -> NeedsTree {
    state.pointee.needsTree = true
    state.pointee.needsSortedKeys = true
    return NeedsTree()
  }

  /// Marks the value as needing ``TreeEncoder`` and hands back an encoder that only fails.
  func requireTree() -> any Encoder {
    state.pointee.needsTree = true
    return self
  }

  /// Encodes the top-level value; a value that encodes nothing is an error, as in Foundation.
  func encodeTopLevel<T: Encodable>(_ value: T) throws {
    let mark = state.pointee.bytes.count
    state.pointee.slotMark = mark
    state.pointee.atTopLevel = true
    try encode(value)
    if state.pointee.needsTree { throw NeedsTree() }
    if state.pointee.bytes.count == mark {
      throw EncodingError.invalidValue(
        value, EncodingError.Context(codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
    }
  }

  /// Encodes one value where the current member or element goes, `key` naming it in the coding path.
  ///
  /// The key is not optional: `K?` in generic code looks up `Optional<K>`'s metadata at run time on
  /// every call, while a plain `K` is handed in; a value without a key passes ``encode(_:)``.
  @inline(__always)
  func encode<T: Encodable, K: CodingKey>(_ value: T, key: K) throws {
    if !(try encodeFlat(value)) { try encodeNested(value, key: key) }
  }

  /// Encodes one value that has no key, the top-level value or a single-value container's.
  @inline(__always)
  func encode<T: Encodable>(_ value: T) throws {
    if !(try encodeFlat(value)) { try encodeNested(value, key: nil) }
  }

  /// Writes `value` if it is a scalar or a common collection, which need no container; returns
  /// whether it did.
  @inline(__always)
  private func encodeFlat<T: Encodable>(_ value: T) throws -> Bool {
    if T.self == String.self {
      JSONWriting.appendString(unsafeBitCast(value, to: String.self), to: &state.pointee.bytes)
    } else if T.self == Int.self {
      JSONWriting.appendInteger(unsafeBitCast(value, to: Int.self), to: &state.pointee.bytes)
    } else if T.self == Int64.self {
      JSONWriting.appendInteger(unsafeBitCast(value, to: Int64.self), to: &state.pointee.bytes)
    } else if T.self == UInt64.self {
      JSONWriting.appendInteger(unsafeBitCast(value, to: UInt64.self), to: &state.pointee.bytes)
    } else if T.self == UInt32.self {
      JSONWriting.appendInteger(unsafeBitCast(value, to: UInt32.self), to: &state.pointee.bytes)
    } else if T.self == Int32.self {
      JSONWriting.appendInteger(unsafeBitCast(value, to: Int32.self), to: &state.pointee.bytes)
    } else if T.self == Bool.self {
      JSONWriting.appendBool(unsafeBitCast(value, to: Bool.self), to: &state.pointee.bytes)
    } else if T.self == Double.self {
      try encodeDouble(unsafeBitCast(value, to: Double.self))
    } else if T.self == JSONValue.self || T.self == RawJSON.self {
      // Written through `Encodable` when keys are sorted, so that their objects' members are
      // sorted as they close.
      if state.pointee.sortsKeys { return false }
      if T.self == JSONValue.self {
        if options.unorderedSortsKeys { throw needSortedKeys() }
        try encodeJSONValue(unsafeBitCast(value, to: JSONValue.self))
      } else {
        let raw = unsafeBitCast(value, to: RawJSON.self)
        raw.document.write(raw.node, to: &state.pointee.bytes)
      }
    } else {
      return encodeCommonCollection(value)
    }
    return true
  }

  private func encodeNested<T: Encodable>(_ value: T, key: (any CodingKey)?) throws {
    if options.unorderedSortsKeys, value is any UnorderedKeys { throw needSortedKeys() }
    // The tree, whose output sorted keys match, writes a known value as any other.
    if !state.pointee.sortsKeys, let known = options.known, known.isEncoding(of: value) {
      known.json.document.write(known.json.node, to: &state.pointee.bytes)
      return
    }
    let depth = state.pointee.open.count
    guard depth < options.maxDepth else {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: codingPath, debugDescription: "values are nested deeper than the limit of \(options.maxDepth)"))
    }
    let isTopLevel = state.pointee.atTopLevel
    state.pointee.atTopLevel = false
    let savedDepth = state.pointee.slotDepth
    let savedMark = state.pointee.slotMark
    let mark = state.pointee.bytes.count
    state.pointee.slotDepth = depth
    state.pointee.slotMark = mark
    if let key { state.pointee.path.append(key) }
    try value.encode(to: self)
    if key != nil { state.pointee.path.removeLast() }
    close(above: depth)
    if state.pointee.bytes.count == mark && !isTopLevel {
      state.pointee.bytes.writeByte(UInt8(ascii: "{"))
      state.pointee.bytes.writeByte(UInt8(ascii: "}"))
    }
    state.pointee.slotDepth = savedDepth
    state.pointee.slotMark = savedMark
  }

  func encodeDouble(_ value: Double) throws {
    if value.isFinite {
      JSONWriting.appendDouble(value, to: &state.pointee.bytes)
    } else if options.nonFiniteAsNull {
      JSONWriting.appendNull(to: &state.pointee.bytes)
    } else {
      throw EncodingError.invalidValue(value, nonFiniteContext(value))
    }
  }

  func encodeFloat(_ value: Float) throws {
    if value.isFinite {
      JSONWriting.appendFloat(value, to: &state.pointee.bytes)
    } else if options.nonFiniteAsNull {
      JSONWriting.appendNull(to: &state.pointee.bytes)
    } else {
      throw EncodingError.invalidValue(value, nonFiniteContext(Double(value)))
    }
  }

  private func encodeJSONValue(_ value: JSONValue) throws {
    do {
      try JSONValueWriter.append(
        value, to: &state.pointee.bytes, nonFiniteAsNull: options.nonFiniteAsNull,
        depth: state.pointee.open.count, maxDepth: options.maxDepth)
    } catch let .nonFinite(number) {
      throw EncodingError.invalidValue(number, nonFiniteContext(number))
    } catch {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: codingPath, debugDescription: "values are nested deeper than the limit of \(options.maxDepth)"))
    }
  }

  private func nonFiniteContext(_ value: Double) -> EncodingError.Context {
    EncodingError.Context(codingPath: codingPath, debugDescription: "\(value) is not representable in JSON")
  }
}
