/// A pool size written `KIND=N`, as `start --pools` and `scale` take it.
package struct PoolSize: Equatable, Sendable {
  /// The job kind the pool serves.
  package var kind: String
  /// Its number of workers.
  package var size: Int

  /// Creates a pool size.
  package init(kind: String, size: Int) {
    self.kind = kind
    self.size = size
  }

  /// Reads `probe=2`; `argument` names what is being read in the error.
  package init(parsing text: some StringProtocol, argument: String) throws(UsageError) {
    let parts = text.split(separator: "=", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, let size = Int(parts[1]), size >= 0 else {
      throw .invalidValue(name: argument, value: String(text), expected: "KIND=N with N a whole number ≥ 0, e.g. probe=2")
    }
    self.init(kind: String(parts[0]), size: size)
  }

  /// `KIND=N,…` for `sizes`, as `--pools` takes them.
  package static func list(_ sizes: [PoolSize]) -> String {
    sizes.map { "\($0.kind)=\($0.size)" }.joined(separator: ",")
  }

  /// Reads `probe=2,search=4`.
  package static func list(parsing text: String, argument: String) throws(UsageError) -> [PoolSize] {
    var sizes: [PoolSize] = []
    for pair in text.split(separator: ",") {
      sizes.append(try PoolSize(parsing: pair, argument: argument))
    }
    return sizes
  }
}
