
/// A remote effect's name in the journal, the same in the run that started it and in a replay:
/// the action whose reduction created it, and its place among the remote effects that reduction
/// created, from 0.
public struct EffectIdentity: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The sequence number of the action's record.
  public var action: UInt64
  /// Which of the reduction's remote effects it is, in the order they were created.
  public var index: Int

  /// Names the `index`th remote effect of the action journaled as `action`.
  public init(action: UInt64, index: Int) {
    self.action = action
    self.index = index
  }

  /// `action#index`, as the coordinator's log lines name an effect.
  public var description: String { "\(action)#\(index)" }

  /// Oldest action first, then in the order its reduction created them.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.action, lhs.index) < (rhs.action, rhs.index)
  }
}
