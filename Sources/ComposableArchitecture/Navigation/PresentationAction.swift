/// An action of a presented child: one of its own actions, or a request to dismiss it.
///
/// The action type of a presentation domain: `case destination(PresentationAction<Destination.Action>)`.
/// A parent sees both as they pass, e.g. `case .alert(.presented(.confirmDeletion))`.
public enum PresentationAction<Action>: CasePathable {
  /// An action of the presented child; `indirect`, so a feature can present itself.
  indirect case presented(Action)
  /// Dismisses the child: its state becomes `nil` and its effects are cancelled.
  case dismiss

  /// The case paths of `PresentationAction`.
  public struct AllCasePaths: Sendable {
    /// The `presented` case.
    public var presented: AnyCasePath<PresentationAction, Action> {
      AnyCasePath(
        embed: { .presented($0) },
        extract: {
          guard case let .presented(action) = $0 else { return nil }
          return action
        }
      )
    }

    /// The `dismiss` case.
    public var dismiss: AnyCasePath<PresentationAction, Void> {
      AnyCasePath(
        embed: { .dismiss },
        extract: {
          guard case .dismiss = $0 else { return nil }
          return ()
        }
      )
    }
  }

  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Sendable where Action: Sendable {}

extension Case {
  /// Focuses through `presented` on a case of the presented child's action, as TCA's case key paths
  /// do: `\.alert.confirmTapped` for `.alert(.presented(.confirmTapped))`.
  public subscript<Action: CasePathable, Member>(
    dynamicMember keyPath: KeyPath<Action.AllCasePaths, AnyCasePath<Action, Member>>
  ) -> Case<Member> where Value == PresentationAction<Action> {
    self[dynamicMember: \PresentationAction<Action>.AllCasePaths.presented][dynamicMember: keyPath]
  }
}
