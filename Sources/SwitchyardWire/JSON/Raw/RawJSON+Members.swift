extension RawJSON {
  /// The value of this object's member `key`, `nil` when it has none or is no object: one lookup
  /// in the parse, for a reader that picks a few known members, as replay reads a journal record.
  package subscript(member key: String) -> RawJSON? {
    guard document.nodes[node].kind == .object, let value = document.member(key, in: node) else { return nil }
    return RawJSON(document: document, node: value)
  }

  /// Whether the value is an object.
  package var isObject: Bool {
    document.nodes[node].kind == .object
  }

  /// Whether the value is `null`.
  package var isNull: Bool {
    document.nodes[node].kind == .null
  }

  /// The key of this object's first member, `nil` when it is empty or no object.
  package var firstKey: String? {
    guard document.nodes[node].kind == .object, document.nodes[node].length > 0 else { return nil }
    return document.string(at: node + 1)
  }
}
