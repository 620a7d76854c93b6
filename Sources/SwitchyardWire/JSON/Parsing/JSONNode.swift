/// One value of a parsed document, in document order: a container is followed by its children,
/// an object's children alternating key, value.
///
/// A flat array of these is cheaper to build and walk than a tree of enums and dictionaries, and
/// scalars stay as byte ranges until someone asks for them as a type.
struct JSONNode {
  enum Kind: UInt8 {
    case null, `true`, `false`
    /// A number with neither fraction nor exponent.
    case integer
    /// A number with a fraction or an exponent.
    case number
    /// A string without backslashes, so its bytes are its UTF-8.
    case string
    /// A string with escapes to resolve.
    case escapedString
    case object, array
  }

  /// The first byte of the value; for strings, the first byte after the opening quote.
  var start: UInt32
  /// Bytes of a string's contents or a number; members of an object or elements of an array.
  var length: UInt32
  /// The index of the first node after this value and its children.
  var end: UInt32
  /// For objects: the key node where the next lookup starts, the one after the last key found
  /// (or the object's end), so keys read in the order they were written are each found at the
  /// first comparison.
  var cursor: UInt32
  /// After the 32-bit fields, so a node takes 20 bytes, not 24: a frame's nodes and bytes then
  /// fit in one allocation under the 1 KiB at which `malloc` sweeps its free lists.
  var kind: Kind
  /// For objects: whether two keys are equal, so lookups must take the first, not the nearest.
  var hasDuplicateKeys = false
}
