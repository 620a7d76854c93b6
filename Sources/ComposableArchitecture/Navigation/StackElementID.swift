/// The identity of one element of a ``StackState``, stable for as long as the element is on the stack.
///
/// Ids are handed out in order and never reused by the same stack, so an action addressed to a popped
/// element can never reach a newer one that happens to sit at the same depth. Tests name them with
/// integer literals: `$0.path[id: 0]`.
public struct StackElementID: Hashable, Sendable, Codable, Comparable, ExpressibleByIntegerLiteral {
  /// The element's position in the order the stack handed out ids: 0 for the first element pushed.
  public let generation: Int

  /// Creates the id of the element pushed as number `generation`, counting from 0.
  public init(generation: Int) {
    self.generation = generation
  }

  public init(integerLiteral value: Int) {
    self.init(generation: value)
  }

  public init(from decoder: any Decoder) throws {
    self.init(generation: try decoder.singleValueContainer().decode(Int.self))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(generation)
  }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.generation < rhs.generation
  }
}

extension StackElementID: CustomStringConvertible, CustomDumpStringConvertible {
  public var description: String { "#\(generation)" }

  /// How dumps and test failures show the id: `#0`.
  public var customDumpDescription: String { description }
}
