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
      guard let output = document.member("output", in: 0), let sequence = document.optionalMember("sequence", UInt64.self) else {
        return nil
      }
      return .emit(Emit(effect: effect, generation: generation, output: RawJSON(document: document, node: output), sequence: sequence))
    }
    if document.stringEquals(typeNode, "finished") {
      guard let outputs = document.optionalMember("outputs", UInt64.self) else { return nil }
      return .finished(Finished(effect: effect, generation: generation, outputs: outputs))
    }
    if document.stringEquals(typeNode, "run") {
      return run(document, effect: effect, generation: generation)
    }
    return nil
  }

  /// A `run`'s other fields, read in one pass over its members and told apart by their keys'
  /// lengths: searching for each of the fields a `run` may leave out would compare every key.
  ///
  /// Objects with repeated or escaped keys are left to the general path, which takes the first
  /// of repeated keys and resolves escapes.
  private static func run(_ document: JSONDocument, effect: EffectID, generation: UInt32) -> WorkerMessage? {
    guard !document.nodes[0].hasDuplicateKeys else { return nil }
    var kind: Int?
    var job: Int?
    var attempt: Int?
    var deadlineMillis: Int64?
    var delivered: UInt64?
    var affinity: String?
    let end = Int(document.nodes[0].end)
    var key = 1
    while key < end {
      guard document.nodes[key].kind == .string else { return nil }
      let value = key + 1
      let valueKind = document.nodes[value].kind
      switch document.nodes[key].length {
      case 3 where document.stringEquals(key, "job"):
        job = value
      case 4 where document.stringEquals(key, "kind"):
        guard valueKind == .string else { return nil }
        kind = value
      case 7 where document.stringEquals(key, "attempt"):
        guard let number = document.integer(Int.self, at: value) else { return nil }
        attempt = number
      case 8 where document.stringEquals(key, "affinity") && valueKind != .null:
        guard valueKind == .string else { return nil }
        affinity = document.string(at: value)
      case 9 where document.stringEquals(key, "delivered") && valueKind != .null:
        guard let number = document.integer(UInt64.self, at: value) else { return nil }
        delivered = number
      case 14 where document.stringEquals(key, "deadlineMillis") && valueKind != .null:
        guard let number = document.integer(Int64.self, at: value) else { return nil }
        deadlineMillis = number
      default:
        break
      }
      key = Int(document.nodes[value].end)
    }
    guard let kind, let job, let attempt else { return nil }
    return .run(
      Run(
        effect: effect, generation: generation, kind: document.string(at: kind),
        job: RawJSON(document: document, node: job), deadlineMillis: deadlineMillis, attempt: attempt,
        delivered: delivered, affinity: affinity
      )
    )
  }
}

extension JSONDocument {
  /// The integer at a node written without fraction or exponent, if it fits `T`.
  func integer<T: FixedWidthInteger>(_ type: T.Type, at index: Int) -> T? {
    guard nodes[index].kind == .integer else { return nil }
    return JSONScalars.fixedWidth(T.self, span(of: index))
  }

  /// The root object's optional integer member `name`: `.some(nil)` when it is absent or null,
  /// `nil` when it holds anything but an integer that fits `T`, for the general path to name.
  func optionalMember<T: FixedWidthInteger>(_ name: String, _ type: T.Type) -> T?? {
    guard let node = member(name, in: 0), nodes[node].kind != .null else { return .some(nil) }
    return integer(T.self, at: node).map { .some($0) }
  }
}
