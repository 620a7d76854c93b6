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

  // A tree is built and written by one encoding on one thread, no access overlapping another, so
  // exclusivity is not checked at run time: the checks were about 7 % of a state digest's time.
  @exclusivity(unchecked) private(set) var kind = Kind.empty
  @exclusivity(unchecked) private(set) var scalar: [UInt8] = []
  /// Object keys, in the order first encoded.
  @exclusivity(unchecked) private(set) var keys: [String] = []
  /// Object members (parallel to ``keys``) or array elements.
  @exclusivity(unchecked) private(set) var children: [TreeNode] = []
  /// Each key's member, made once an object has more than ``indexedFrom`` members: a smaller one
  /// is searched in order, where hashing each key into a dictionary of its own cost every small
  /// object an allocation and a hash of each key.
  @exclusivity(unchecked) private var keyIndex: [String: Int] = [:]
  private static let indexedFrom = 16

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
    if let index = index(of: key) { return children[index] }
    let node = TreeNode()
    keys.append(key)
    children.append(node)
    if keys.count > Self.indexedFrom {
      if keyIndex.isEmpty {
        for (index, key) in keys.enumerated() { keyIndex[key] = index }
      } else {
        keyIndex[key] = keys.count - 1
      }
    }
    return node
  }

  /// The position of `key`'s member, if it has one.
  private func index(of key: String) -> Int? {
    keys.count > Self.indexedFrom ? keyIndex[key] : keys.firstIndex(of: key)
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
