/// The key of an action coded as `{"caseName": payload}`, and the checks its decoders share.
struct CaseCodingKey: CodingKey, Equatable {
  let stringValue: String
  var intValue: Int? { nil }

  init(_ name: String) {
    self.stringValue = name
  }

  init(stringValue: String) {
    self.init(stringValue)
  }

  init?(intValue: Int) {
    nil
  }

  /// The one case name in `decoder`'s object, which must be one of `names`.
  static func single(
    in decoder: any Decoder,
    of names: [String]
  ) throws -> (name: String, container: KeyedDecodingContainer<CaseCodingKey>) {
    let container = try decoder.container(keyedBy: CaseCodingKey.self)
    guard container.allKeys.count == 1, let key = container.allKeys.first, names.contains(key.stringValue) else {
      let found = container.allKeys.map { "'\($0.stringValue)'" }.joined(separator: ", ")
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath,
          debugDescription: "Expected an object with exactly one of the keys \(names.map { "'\($0)'" }.joined(separator: ", ")); found \(found.isEmpty ? "none" : found)."
        )
      )
    }
    return (key.stringValue, container)
  }
}
