/// An action of a navigation stack: one addressed to an element, or a push or pop.
///
/// The action type of a stack domain: `case path(StackActionOf<Path>)`.
public enum StackAction<State, Action>: CasePathable {
  /// An action for the element with `id`.
  case element(id: StackElementID, action: Action)
  /// Pops the element with `id` and every element above it, as a back button or `dismiss()` does.
  case popFrom(id: StackElementID)
  /// Pushes `state` under `id`, which must be the stack's next id; how a navigation view pushes.
  case push(id: StackElementID, state: State)

  /// The case paths of `StackAction`; `[id:]` focuses on one element's actions.
  public struct AllCasePaths: Sendable {
    /// The `element` case as an `(id, action)` pair.
    public var element: AnyCasePath<StackAction, (id: StackElementID, action: Action)> {
      AnyCasePath(
        embed: { .element(id: $0.id, action: $0.action) },
        extract: {
          guard case let .element(id, action) = $0 else { return nil }
          return (id, action)
        }
      )
    }

    /// The `popFrom` case.
    public var popFrom: AnyCasePath<StackAction, StackElementID> {
      AnyCasePath(
        embed: { .popFrom(id: $0) },
        extract: {
          guard case let .popFrom(id) = $0 else { return nil }
          return id
        }
      )
    }

    /// The `push` case as an `(id, state)` pair.
    public var push: AnyCasePath<StackAction, (id: StackElementID, state: State)> {
      AnyCasePath(
        embed: { .push(id: $0.id, state: $0.state) },
        extract: {
          guard case let .push(id, state) = $0 else { return nil }
          return (id, state)
        }
      )
    }

    /// The actions of the element with `id`.
    public subscript(id id: StackElementID) -> AnyCasePath<StackAction, Action> {
      AnyCasePath(
        embed: { .element(id: id, action: $0) },
        extract: {
          guard case let .element(elementID, action) = $0, elementID == id else { return nil }
          return action
        }
      )
    }
  }

  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

/// The stack action of a reducer: `case path(StackActionOf<Path>)`.
public typealias StackActionOf<R: Reducer> = StackAction<R.State, R.Action>

extension Case {
  /// Focuses on the actions of one stack element: `\.path[id: 0]`, or `\.path[id: 0].detail`.
  public subscript<State, Action>(id id: StackElementID) -> Case<Action>
  where Value == StackAction<State, Action> {
    self[dynamicMember: \StackAction<State, Action>.AllCasePaths.[id: id]]
  }
}

extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Hashable where State: Hashable, Action: Hashable {}
extension StackAction: Sendable where State: Sendable, Action: Sendable {}
