extension RawJSON {
  /// The value at a path, walked as ``JSONValue/subscript(_:)`` walks it, without building a tree:
  /// the control socket's slices of state are taken from the state's parse this way.
  public subscript(path: [String]) -> RawJSON? {
    var node = self.node
    for component in path {
      switch document.nodes[node].kind {
      case .object:
        guard let value = document.member(component, in: node) else { return nil }
        node = value
      case .array:
        guard let step = ArrayPathStep(component), let element = element(of: node, at: step) else { return nil }
        node = element
      default:
        return nil
      }
    }
    return RawJSON(document: document, node: node)
  }

  /// The value at a dotted path such as `"sessions.id=1.search"`; `""` is the value itself.
  public subscript(dottedPath path: String) -> RawJSON? {
    self[JSONValue.pathComponents(path)]
  }

  private func element(of array: Int, at step: ArrayPathStep) -> Int? {
    let end = Int(document.nodes[array].end)
    var child = array + 1
    var position = 0
    while child < end {
      switch step {
      case let .index(index) where index == position:
        return child
      case let .id(id) where document.nodes[child].kind == .object:
        if let idNode = document.member("id", in: child), matches(idNode, id) { return child }
      default:
        break
      }
      child = Int(document.nodes[child].end)
      position += 1
    }
    return nil
  }

  /// Whether an `id` member is the string or integer `id` spells.
  private func matches(_ node: Int, _ id: Substring) -> Bool {
    switch document.nodes[node].kind {
    case .string, .escapedString: document.string(at: node) == id
    case .integer: document.integer(Int64.self, at: node).map { String($0) == id } ?? false
    default: false
    }
  }
}
