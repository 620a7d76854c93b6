extension JobEvent: Encodable where Output: Encodable {
  /// Encodes as the synthesized conformance would (`{"output":{"_0":…}}`, `{"finished":{}}`,
  /// `{"failed":{"_0":…}}`), with keys of a type that is not generic: the synthesized keys are
  /// nested in `JobEvent<Output>`, so every event encoded looked their metadata up at run time, a
  /// third of what a journal spent encoding a remote effect's actions.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: JobEventCodingKey.self)
    switch self {
    case let .output(output):
      var fields = container.nestedContainer(keyedBy: JobEventCodingKey.self, forKey: .output)
      try fields.encode(output, forKey: .value)
    case .finished:
      _ = container.nestedContainer(keyedBy: JobEventCodingKey.self, forKey: .finished)
    case let .failed(failure):
      var fields = container.nestedContainer(keyedBy: JobEventCodingKey.self, forKey: .failed)
      try fields.encode(failure, forKey: .value)
    }
  }
}

/// The keys of a ``JobEvent``'s JSON: its case, then its one associated value.
private enum JobEventCodingKey: String, CodingKey {
  case output
  case finished
  case failed
  case value = "_0"
}
