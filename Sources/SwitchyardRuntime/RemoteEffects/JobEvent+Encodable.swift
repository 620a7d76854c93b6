import SwitchyardWire

extension JobEvent: Encodable where Output: Encodable {
  /// Encodes as the synthesized conformance would (`{"output":{"_0":…}}`, `{"finished":{}}`,
  /// `{"failed":{"_0":…}}`), with keys of a type that is not generic: the synthesized keys are
  /// nested in `JobEvent<Output>`, so every event encoded looked their metadata up at run time, a
  /// third of what a journal spent encoding a remote effect's actions.
  ///
  /// Through the wire's encoder the containers are unboxed: a journal encodes an event for every
  /// output and end, and each boxed container cost an allocation and more metadata lookups.
  public func encode(to encoder: any Encoder) throws {
    if var container = StreamKeyedContainer<JobEventCodingKey>.unboxed(encoder) {
      try encode(into: &container)
    } else {
      var container = encoder.container(keyedBy: JobEventCodingKey.self)
      try encode(into: &container)
    }
  }

  private func encode<Container: JobEventContainer>(into container: inout Container) throws {
    switch self {
    case let .output(output):
      var fields = container.nested(forKey: .output)
      try fields.encode(output, forKey: .value)
    case .finished:
      _ = container.nested(forKey: .finished)
    case let .failed(failure):
      var fields = container.nested(forKey: .failed)
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

/// A keyed container of a ``JobEvent``'s JSON, boxed or not: one encoding for both.
private protocol JobEventContainer {
  mutating func nested(forKey key: JobEventCodingKey) -> Self
  mutating func encode<T: Encodable>(_ value: T, forKey key: JobEventCodingKey) throws
}

extension KeyedEncodingContainer: JobEventContainer where Key == JobEventCodingKey {
  mutating func nested(forKey key: JobEventCodingKey) -> Self {
    nestedContainer(keyedBy: JobEventCodingKey.self, forKey: key)
  }
}

extension StreamKeyedContainer: JobEventContainer where Key == JobEventCodingKey {
  mutating func nested(forKey key: JobEventCodingKey) -> Self {
    nestedUnboxed(keyedBy: JobEventCodingKey.self, forKey: key)
  }
}
