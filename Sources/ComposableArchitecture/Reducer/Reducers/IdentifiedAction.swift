/// An action sent to one element of a collection of child features, identified by its id.
///
/// The action type of a ``Reducer/forEach(_:action:element:fileID:filePath:line:column:)`` domain:
/// `case rows(IdentifiedActionOf<Row>)`.
public enum IdentifiedAction<ID: Hashable & Sendable, Action>: CasePathable {
  /// An action for the element with `id`.
  case element(id: ID, action: Action)

  /// The case paths of `IdentifiedAction`; `[id:]` focuses on one element's actions.
  public struct AllCasePaths: Sendable {
    /// The `element` case as an `(id, action)` pair.
    public var element: AnyCasePath<IdentifiedAction, (id: ID, action: Action)> {
      AnyCasePath(
        embed: { .element(id: $0.id, action: $0.action) },
        extract: {
          guard case let .element(id, action) = $0 else { return nil }
          return (id, action)
        }
      )
    }

    /// The actions of the element with `id`.
    public subscript(id id: ID) -> AnyCasePath<IdentifiedAction, Action> {
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

/// The identified action of a reducer whose state is `Identifiable`.
public typealias IdentifiedActionOf<R: Reducer> = IdentifiedAction<R.State.ID, R.Action>
where R.State: Identifiable, R.State.ID: Sendable

extension Case {
  /// Focuses on the actions of one element: `\.rows[id: 3]`.
  public subscript<ID: Hashable & Sendable, Action>(id id: ID) -> Case<Action>
  where Value == IdentifiedAction<ID, Action> {
    self[dynamicMember: \IdentifiedAction<ID, Action>.AllCasePaths.[id: id]]
  }
}

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}
extension IdentifiedAction: Sendable where Action: Sendable {}
extension IdentifiedAction: Encodable where ID: Encodable, Action: Encodable {}
extension IdentifiedAction: Decodable where ID: Decodable, Action: Decodable {}
