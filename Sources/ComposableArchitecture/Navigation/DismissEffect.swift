/// Dismisses the presented feature whose effect calls it: `await dismiss()`.
///
/// Read it with `@Dependency(\.dismiss) var dismiss` in a feature presented with
/// ``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)`` or pushed on a stack run by
/// ``Reducer/forEach(_:action:destination:fileID:filePath:line:column:)``, and call it from an
/// effect. The parent is sent `.dismiss` or `.popFrom(id:)`, so it removes the feature and cancels its
/// effects — including the one that called it, which should do nothing afterwards.
public struct DismissEffect: Sendable {
  private let dismiss: (@MainActor @Sendable () -> Void)?

  /// A dismissal that sends the parent's action with `dismiss`.
  init(_ dismiss: @escaping @MainActor @Sendable () -> Void) {
    self.dismiss = dismiss
  }

  /// The value outside any presented feature, where there is nothing to dismiss.
  fileprivate static let unpresented = Self(dismiss: nil)

  private init(dismiss: (@MainActor @Sendable () -> Void)?) {
    self.dismiss = dismiss
  }

  /// Asks the parent to dismiss the feature running this effect.
  ///
  /// Outside a presented feature — a root feature, or a reducer rather than an effect — this reports
  /// an issue and does nothing.
  @MainActor
  public func callAsFunction(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    guard let dismiss else {
      reportIssue(
        """
        A feature called "dismiss()" at "\(fileID):\(line)" but is not presented. Only a feature \
        run by "ifLet(\\.$destination, …)" or by a stack's "forEach" can be dismissed, and only from \
        an effect.
        """,
        location: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
      )
      return
    }
    dismiss()
  }
}

private enum DismissEffectKey: DependencyKey {
  static let liveValue = DismissEffect.unpresented
  static let testValue = DismissEffect.unpresented
}

extension DependencyValues {
  /// Dismisses the presented feature running the current effect; see ``DismissEffect``.
  public var dismiss: DismissEffect {
    get { self[DismissEffectKey.self] }
    set { self[DismissEffectKey.self] = newValue }
  }
}
