/// HTTP header fields in the order they were sent, looked up without regard to case.
public struct HTTPHeaders: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
  /// One header line.
  public struct Field: Hashable, Sendable {
    /// The name as sent; compare it case-insensitively.
    public var name: String
    /// The value with surrounding whitespace removed.
    public var value: String
  }

  private var fields: [Field] = []

  /// No headers.
  public init() {}

  /// Headers from name–value pairs, in order.
  public init(_ pairs: [(String, String)]) {
    fields = pairs.map { Field(name: $0.0, value: $0.1) }
  }

  /// Headers from a literal such as `["Content-Type": "text/plain"]`, in the order written.
  public init(dictionaryLiteral elements: (String, String)...) {
    self.init(elements)
  }

  /// The first value of the field `name`; setting replaces every field of that name.
  public subscript(name: String) -> String? {
    get {
      fields.first { $0.name.lowercased() == name.lowercased() }?.value
    }
    set {
      remove(name)
      if let newValue {
        add(name, newValue)
      }
    }
  }

  /// Every value of the field `name`, in order; some fields (e.g. `Set-Cookie`) repeat.
  public func values(for name: String) -> [String] {
    fields.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
  }

  /// Appends a field, keeping any others of the same name.
  public mutating func add(_ name: String, _ value: String) {
    fields.append(Field(name: name, value: value))
  }

  /// Removes every field named `name`.
  public mutating func remove(_ name: String) {
    fields.removeAll { $0.name.lowercased() == name.lowercased() }
  }

  /// Whether any `name` field lists `token` among its comma-separated values, ignoring case:
  /// how `Connection: keep-alive, Upgrade` is read.
  public func contains(_ name: String, token: String) -> Bool {
    values(for: name).contains { value in
      value.split(separator: ",").contains { $0.trimmingWhitespace().lowercased() == token.lowercased() }
    }
  }

  /// The number of fields.
  public var count: Int {
    fields.count
  }

  /// Iterates over the fields in order.
  public func makeIterator() -> IndexingIterator<[Field]> {
    fields.makeIterator()
  }
}

extension StringProtocol {
  /// The text without leading and trailing spaces and tabs (HTTP's "optional whitespace").
  func trimmingWhitespace() -> String {
    let isWhitespace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let start = firstIndex(where: { !isWhitespace($0) }), let end = lastIndex(where: { !isWhitespace($0) }) else {
      return ""
    }
    return String(self[start...end])
  }
}
