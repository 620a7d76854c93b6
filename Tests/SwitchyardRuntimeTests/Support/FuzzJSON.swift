/// A JSON text as a tree that can also hold what no valid encoder writes — repeated keys, numbers
/// in any spelling, raw bytes inside strings — so a fuzzer can mutate requests by their structure.
indirect enum FuzzJSON: Sendable {
  /// Written as it is: a number, `true`, `false`, `null`, or any bytes at all.
  case literal([UInt8])
  /// A string; its bytes are written between the quotes as they are, escapes included.
  case string([UInt8])
  case array([FuzzJSON])
  /// Members in order; a key may repeat.
  case object([(key: [UInt8], value: FuzzJSON)])

  static func number(_ text: String) -> FuzzJSON { .literal(Array(text.utf8)) }
  static func text(_ text: String) -> FuzzJSON { .string(Array(text.utf8)) }
  static let null = FuzzJSON.literal(Array("null".utf8))

  /// An object from `(key, value)` pairs, in order.
  static func members(_ pairs: KeyValuePairs<String, FuzzJSON>) -> FuzzJSON {
    .object(pairs.map { (Array($0.key.utf8), $0.value) })
  }

  var bytes: [UInt8] {
    var out: [UInt8] = []
    write(to: &out)
    return out
  }

  func write(to out: inout [UInt8]) {
    switch self {
    case let .literal(bytes):
      out += bytes
    case let .string(bytes):
      out.append(UInt8(ascii: "\""))
      out += bytes
      out.append(UInt8(ascii: "\""))
    case let .array(elements):
      out.append(UInt8(ascii: "["))
      for (index, element) in elements.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        element.write(to: &out)
      }
      out.append(UInt8(ascii: "]"))
    case let .object(members):
      out.append(UInt8(ascii: "{"))
      for (index, member) in members.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        FuzzJSON.string(member.key).write(to: &out)
        out.append(UInt8(ascii: ":"))
        member.value.write(to: &out)
      }
      out.append(UInt8(ascii: "}"))
    }
  }

  /// How many values the tree holds, itself included: the range of ``replacing(_:with:)``'s index.
  var count: Int {
    switch self {
    case .literal, .string: 1
    case let .array(elements): 1 + elements.reduce(0) { $0 + $1.count }
    case let .object(members): 1 + members.reduce(0) { $0 + $1.value.count }
    }
  }

  /// The value at `index` in pre-order, and how deep it sits (the root's members are at depth 1).
  func node(at index: Int, depth: Int = 0) -> (FuzzJSON, depth: Int) {
    if index == 0 { return (self, depth) }
    var rest = index - 1
    for child in children {
      if rest < child.count { return child.node(at: rest, depth: depth + 1) }
      rest -= child.count
    }
    return (self, depth)
  }

  /// This tree with the value at pre-order `index` replaced by what `transform` makes of it.
  func replacing(_ index: Int, with transform: (FuzzJSON) -> FuzzJSON) -> FuzzJSON {
    if index == 0 { return transform(self) }
    var rest = index - 1
    switch self {
    case .literal, .string:
      return self
    case var .array(elements):
      for position in elements.indices {
        if rest < elements[position].count {
          elements[position] = elements[position].replacing(rest, with: transform)
          return .array(elements)
        }
        rest -= elements[position].count
      }
      return self
    case var .object(members):
      for position in members.indices {
        if rest < members[position].value.count {
          members[position].value = members[position].value.replacing(rest, with: transform)
          return .object(members)
        }
        rest -= members[position].value.count
      }
      return self
    }
  }

  private var children: [FuzzJSON] {
    switch self {
    case .literal, .string: []
    case let .array(elements): elements
    case let .object(members): members.map(\.value)
    }
  }
}
