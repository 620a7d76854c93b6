/// A reducer made from a closure: the everyday building block of a feature's ``Reducer/body-swift.property``.
public struct Reduce<State, Action>: Reducer {
  @usableFromInline
  let reduce: (inout State, Action) -> Effect<Action>

  /// Creates a reducer from a closure that evolves state and returns an effect.
  @inlinable
  public init(_ reduce: @escaping (_ state: inout State, _ action: Action) -> Effect<Action>) {
    self.reduce = reduce
  }

  /// Type-erases another reducer.
  @inlinable
  public init<R: Reducer<State, Action>>(_ reducer: R) {
    self.reduce = ResolvedReducer(reducer).reduce(into:action:)
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reduce(&state, action)
  }
}
