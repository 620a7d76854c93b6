extension WorkerMessage {
  /// An `emit` or `finished` read straight from the parse: a busy coordinator reads one of each per
  /// effect, and `Codable`'s keyed containers cost more than the rest of the frame's decoding.
  ///
  /// Returns `nil` for any other message, or for one missing or mistyping a field, so the general
  /// path decodes it or names what is wrong exactly as before.
  static func frequent(_ document: JSONDocument, typeNode: Int) -> WorkerMessage? {
    guard document.nodes[typeNode].kind == .string,
      let effectNode = document.member("effect", in: 0), let effect = document.integer(UInt64.self, at: effectNode),
      let generationNode = document.member("generation", in: 0),
      let generation = document.integer(UInt32.self, at: generationNode)
    else { return nil }
    if document.stringEquals(typeNode, "emit") {
      guard let output = document.member("output", in: 0) else { return nil }
      var sequence: UInt64?
      if let node = document.member("sequence", in: 0), document.nodes[node].kind != .null {
        guard let value = document.integer(UInt64.self, at: node) else { return nil }
        sequence = value
      }
      return .emit(Emit(effect: effect, generation: generation, output: RawJSON(document: document, node: output), sequence: sequence))
    }
    if document.stringEquals(typeNode, "finished") {
      return .finished(Finished(effect: effect, generation: generation))
    }
    return nil
  }
}

extension JSONDocument {
  /// The integer at a node written without fraction or exponent, if it fits `T`.
  func integer<T: FixedWidthInteger>(_ type: T.Type, at index: Int) -> T? {
    guard nodes[index].kind == .integer else { return nil }
    return JSONScalars.fixedWidth(T.self, span(of: index))
  }
}
