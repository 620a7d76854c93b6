/// The texts of the issues navigation reducers report for actions that arrive for state that is
/// not there, worded as TCA words them.
enum NavigationMessage {
  /// A write through `[case:]` to a case that is not the current one: names the current case, as
  /// TCA's message does.
  static func unrelatedCase(_ root: Any?) -> String {
    guard let root else { return "Can't modify unrelated case" }
    let mirror = Mirror(reflecting: root)
    guard mirror.displayStyle == .enum else { return "Can't modify unrelated case" }
    let name = mirror.children.first?.label ?? "\(root)"
    return "Can't modify unrelated case \(name.debugDescription)"
  }

  static func childActionWithoutState(_ action: Any, location: CallSite) -> String {
    """
    An "ifLet" at "\(location.fileID):\(location.line)" received a child action when child state was \
    "nil".

      Action:
    \(customDump(action).indenting(by: 4))

    This is generally considered an application logic error, and can happen for a few reasons:

    A parent reducer set child state to "nil" before this reducer ran. This reducer must run \
    before any other reducer sets child state to "nil". This ensures that child reducers can \
    handle their actions while their state is still available.

    An in-flight effect emitted this action when child state was "nil". While it may be \
    perfectly reasonable to ignore this action, consider canceling the associated effect \
    before child state becomes "nil", especially if it is a long-living effect.

    This action was sent to the store while state was "nil". Make sure that actions for this \
    reducer can only be sent from a store when state is non-"nil". In SwiftUI \
    applications, use "IfLetStore".
    """
  }

  static func scopeActionForOtherCase(_ action: Any, state: Any, location: CallSite) -> String {
    """
    A "Scope" at "\(location.fileID):\(location.line)" received a child action when child state was \
    set to a different case.

      Action:
        \(debugCaseOutput(action))
      State:
        \(debugCaseOutput(state))

    This is generally considered an application logic error, and can happen for a few reasons:

    A parent reducer set "\(DumpNode.typeName(type(of: state)))" to a different case before the \
    scoped reducer ran. Child reducers must run before any parent reducer sets child state to a \
    different case. This ensures that child reducers can handle their actions while their state \
    is still available. Consider using "Reducer.ifCaseLet" to embed this child reducer in the \
    parent reducer that change its state to ensure the child reducer runs first.

    An in-flight effect emitted this action when child state was unavailable. While it may be \
    perfectly reasonable to ignore this action, consider canceling the associated effect before \
    child state changes to another case, especially if it is a long-living effect.

    This action was sent to the store while state was another case. Make sure that actions for \
    this reducer can only be sent from a store when state is set to the appropriate case. In \
    SwiftUI applications, use "SwitchStore".
    """
  }

  static func caseActionWithoutState(_ action: Any, state: Any, location: CallSite) -> String {
    """
    An "ifCaseLet" at "\(location.fileID):\(location.line)" received a child action when child state \
    was set to a different case.

      Action:
    \(customDump(action).indenting(by: 4))
      State:
    \(customDump(state).indenting(by: 4))

    This is generally considered an application logic error, and can happen for a few reasons:

    A parent reducer set "\(type(of: state))" to a different case before this \
    reducer ran. This reducer must run before any other reducer sets child state to a \
    different case. This ensures that child reducers can handle their actions while their \
    state is still available.

    An in-flight effect emitted this action when child state was unavailable. While it may be \
    perfectly reasonable to ignore this action, consider canceling the associated effect \
    before child state changes to another case, especially if it is a long-living effect.

    This action was sent to the store while state was another case. Make sure that actions \
    for this reducer can only be sent from a store when state is set to the appropriate \
    case. In SwiftUI applications, use "SwitchStore".
    """
  }

  static func presentationActionWithoutState(_ action: Any, location: CallSite) -> String {
    """
    An "ifLet" at "\(location.fileID):\(location.line)" received a presentation action when \
    destination state was absent.

      Action:
        \(debugCaseOutput(action))

    This is generally considered an application logic error, and can happen for a few \
    reasons:

    A parent reducer set destination state to "nil" before this reducer ran. This reducer \
    must run before any other reducer sets destination state to "nil". This ensures that \
    destination reducers can handle their actions while their state is still present.

    This action was sent to the store while destination state was "nil". Make sure that \
    actions for this reducer can only be sent from a store when state is present, or \
    from effects that start from this reducer.
    """
  }

  /// For a stack's `forEach` when `isStack`, naming the element's action as TCA does; else an
  /// identified array's, naming the parent's.
  static func elementActionWithoutState(_ action: Any, isStack: Bool, location: CallSite) -> String {
    """
    A "forEach" at "\(location.fileID):\(location.line)" received an action for a missing element.

      Action:
        \(debugCaseOutput(action))

    This is generally considered an application logic error, and can happen for a few reasons:

    A parent reducer removed an element with this ID before this reducer ran. This reducer \
    must run before any other reducer removes an element, which ensures that element \
    reducers can handle their actions while their state is still available.

    An in-flight effect emitted this action when state contained no element at this ID. \
    While it may be perfectly reasonable to ignore this action, consider canceling the \
    associated effect before an element is removed, especially if it is a long-living effect.

    This action was sent to the store while its state contained no element at this ID. To \
    fix this make sure that actions for this reducer can only be sent from a store when \
    its state contains an element at this id. In SwiftUI applications, use \
    \(isStack ? #""NavigationStack.init(path:)" with a binding to a store"# : #""ForEachStore""#).
    """
  }

  static func popFromMissing(id: StackElementID, ids: [StackElementID], location: CallSite) -> String {
    """
    A "forEach" at "\(location.fileID):\(location.line)" received a "popFrom" action for a missing \
    element.

      ID:
        \(id)
      Path IDs:
        \(ids)
    """
  }

  static func pushExisting(id: StackElementID, ids: [StackElementID], location: CallSite) -> String {
    """
    A "forEach" at "\(location.fileID):\(location.line)" received a "push" action for an element it \
    already contains.

      ID:
        \(id)
      Path IDs:
        \(ids)
    """
  }

  static func pushUnexpectedGeneration(id: StackElementID, expected: StackElementID, location: CallSite) -> String {
    """
    A "forEach" at "\(location.fileID):\(location.line)" received a "push" action with an \
    unexpected generational ID.

      Received ID:
        \(id)
      Expected ID:
        \(expected)
    """
  }
}
