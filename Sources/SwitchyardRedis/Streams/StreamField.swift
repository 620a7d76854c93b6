/// One field of a ``StreamEntry``: a name and binary-safe bytes.
public struct StreamField: Sendable, Equatable {
  /// The field's name.
  public var name: String
  /// The field's value.
  public var value: [UInt8]

  /// Creates a field with a byte value.
  public init(_ name: String, _ value: [UInt8]) {
    self.name = name
    self.value = value
  }

  /// Creates a field with a text value.
  public init(_ name: String, _ value: String) {
    self.init(name, Array(value.utf8))
  }
}
