/// What a ``Store`` needs from the thing that owns its state: the root, or a scope of a parent.
@MainActor
protocol StoreCore<State, Action>: AnyObject, Sendable {
  associatedtype State
  associatedtype Action

  var state: State { get }

  /// Sends `action`, with `metadata` for the root reducer, and returns the effects it started, or
  /// `nil` when it started none.
  func send(_ action: Action, metadata: (any Sendable)?) -> EffectTaskSet?

  /// Calls `observer` with the state after each batch of actions; returns a token to stop.
  func addObserver(_ observer: @escaping @MainActor (State) -> Void) -> ObserverToken

  func removeObserver(_ token: ObserverToken)
}

/// Identifies a state observer registered with a store's root.
struct ObserverToken: Hashable, Sendable {
  let rawValue: Int
}

/// A store focused on part of a parent's state and actions: state is read through, actions embedded.
@MainActor
final class ScopedCore<ParentState, ParentAction, State, Action>: StoreCore {
  let parent: any StoreCore<ParentState, ParentAction>
  let toState: (ParentState) -> State
  let fromAction: (Action) -> ParentAction

  init(
    parent: any StoreCore<ParentState, ParentAction>,
    toState: @escaping (ParentState) -> State,
    fromAction: @escaping (Action) -> ParentAction
  ) {
    self.parent = parent
    self.toState = toState
    self.fromAction = fromAction
  }

  var state: State {
    toState(parent.state)
  }

  func send(_ action: Action, metadata: (any Sendable)?) -> EffectTaskSet? {
    parent.send(fromAction(action), metadata: metadata)
  }

  func addObserver(_ observer: @escaping @MainActor (State) -> Void) -> ObserverToken {
    let toState = self.toState
    return parent.addObserver { observer(toState($0)) }
  }

  func removeObserver(_ token: ObserverToken) {
    parent.removeObserver(token)
  }
}
