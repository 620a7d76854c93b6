/// A value built by ``TreeEncoder``: mutable until the whole value is encoded, then written out.
final class TreeNode {
  enum Kind {
    /// Nothing encoded yet; written as `{}`, as Foundation does for a value that encodes nothing.
    case empty
    /// A scalar, already as JSON bytes.
    case scalar
    case object
    case array
  }

  private(set) var kind = Kind.empty
  private(set) var scalar: [UInt8] = []
  /// Object keys, in the order first encoded.
  private(set) var keys: [String] = []
  /// Object members (parallel to ``keys``) or array elements.
  private(set) var children: [TreeNode] = []
  private var keyIndex: [String: Int] = [:]

  func setScalar(_ bytes: [UInt8]) {
    reset(to: .scalar)
    scalar = bytes
  }

  /// Makes this node an object, keeping its members if it already is one.
  func becomeObject() {
    if kind != .object { reset(to: .object) }
  }

  /// Makes this node an array, keeping its elements if it already is one.
  func becomeArray() {
    if kind != .array { reset(to: .array) }
  }

  /// The member for `key`, created empty at the end if absent; a key encoded again keeps its
  /// place and takes the new value, as with Foundation.
  func member(_ key: String) -> TreeNode {
    becomeObject()
    if let index = keyIndex[key] { return children[index] }
    let node = TreeNode()
    keyIndex[key] = children.count
    keys.append(key)
    children.append(node)
    return node
  }

  /// A new element at the end of this array.
  func appendElement() -> TreeNode {
    becomeArray()
    let node = TreeNode()
    children.append(node)
    return node
  }

  private func reset(to kind: Kind) {
    self.kind = kind
    scalar = []
    keys = []
    children = []
    keyIndex = [:]
  }
}
