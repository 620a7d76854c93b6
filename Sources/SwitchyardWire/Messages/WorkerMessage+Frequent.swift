extension WorkerMessage {
  /// An `emit`, `finished` or `run` read straight from the parse: a busy coordinator reads one
  /// `emit` and one `finished` per effect, a worker one `run`, and `Codable`'s keyed containers
  /// cost more than the rest of the frame's decoding.
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
    if document.stringEquals(typeNode, "run") {
      guard let kind = document.member("kind", in: 0), document.nodes[kind].kind == .string,
        let job = document.member("job", in: 0),
        let attemptNode = document.member("attempt", in: 0), let attempt = document.integer(Int.self, at: attemptNode),
        let deadlineMillis = document.optionalInteger(Int64.self, member: "deadlineMillis"),
        let delivered = document.optionalInteger(UInt64.self, member: "delivered")
      else { return nil }
      var affinity: String?
      if let node = document.member("affinity", in: 0), document.nodes[node].kind != .null {
        guard document.nodes[node].kind == .string else { return nil }
        affinity = document.string(at: node)
      }
      return .run(
        Run(
          effect: effect, generation: generation, kind: document.string(at: kind),
          job: RawJSON(document: document, node: job), deadlineMillis: deadlineMillis, attempt: attempt,
          delivered: delivered, affinity: affinity
        )
      )
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

  /// The top-level object's optional integer member `key`: `.some(nil)` when it is absent or
  /// `null`, `nil` when it is anything but an integer that fits `T`.
  func optionalInteger<T: FixedWidthInteger>(_ type: T.Type, member key: String) -> T?? {
    guard let node = member(key, in: 0), nodes[node].kind != .null else { return .some(nil) }
    return integer(T.self, at: node).map { .some($0) }
  }
}
