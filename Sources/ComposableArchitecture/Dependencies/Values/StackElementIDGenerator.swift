import Synchronization

/// Hands out ``StackElementID``s in order: TCA's `\.stackElementID` dependency.
///
/// Our ``StackState`` numbers its own elements, from 0 per stack, so stacks do not read this; it is
/// here for features and tests that make ids themselves.
public struct StackElementIDGenerator: Sendable {
  private let nextID: @Sendable () -> StackElementID
  private let peekID: @Sendable () -> StackElementID

  /// Creates a generator from a function making the next id and one reading it without using it.
  public init(
    next: @escaping @Sendable () -> StackElementID,
    peek: @escaping @Sendable () -> StackElementID
  ) {
    self.nextID = next
    self.peekID = peek
  }

  /// Returns the next id and moves past it.
  public func next() -> StackElementID { nextID() }

  /// The id ``next()`` will return.
  public func peek() -> StackElementID { peekID() }

  /// Returns the next id and moves past it.
  public func callAsFunction() -> StackElementID { nextID() }

  /// Ids counting from 0, a fresh count each time this is read.
  public static var incrementing: Self {
    let generation = Mutex(0)
    return Self(
      next: {
        generation.withLock { generation in
          defer { generation += 1 }
          return StackElementID(generation: generation)
        }
      },
      peek: { generation.withLock { StackElementID(generation: $0) } }
    )
  }
}

private enum StackElementIDKey: DependencyKey {
  static var liveValue: StackElementIDGenerator { .incrementing }
  static var testValue: StackElementIDGenerator { .incrementing }
}

extension DependencyValues {
  /// Makes stack element ids; see ``StackElementIDGenerator``.
  public var stackElementID: StackElementIDGenerator {
    get { self[StackElementIDKey.self] }
    set { self[StackElementIDKey.self] = newValue }
  }
}
