extension Reducer {
  /// Runs `perform` after this reducer whenever it changes the value `toValue` reads from state.
  ///
  /// ```swift
  /// Reduce { … }
  ///   .onChange(of: \.query) { oldValue, state in
  ///     .send(.search)
  ///   }
  /// ```
  public func onChange<V: Equatable>(
    of toValue: @escaping (State) -> V,
    _ perform: @escaping (_ oldValue: V, _ state: inout State) -> Effect<Action>
  ) -> _OnChangeReducer<Self, V, Reduce<State, Action>> {
    _OnChangeReducer(base: ResolvedReducer(self), toValue: toValue, isDuplicate: ==) { oldValue, _ in
      Reduce { state, _ in perform(oldValue, &state) }
    }
  }

  /// Runs the reducers `reducer` builds after this reducer whenever it changes the value `toValue`
  /// reads from state; TCA's older form, handed the old and new values.
  public func onChange<V: Equatable, R: Reducer<State, Action>>(
    of toValue: @escaping (State) -> V,
    @ReducerBuilder<State, Action> _ reducer: @escaping (_ oldValue: V, _ newValue: V) -> R
  ) -> _OnChangeReducer<Self, V, R> {
    _OnChangeReducer(base: ResolvedReducer(self), toValue: toValue, isDuplicate: ==, reducer: reducer)
  }

  /// Runs the reducers `reducer` builds after this reducer whenever the value `toValue` reads from
  /// state changes as `isDuplicate` judges it: for a value that is not `Equatable`.
  public func onChange<V, R: Reducer<State, Action>>(
    of toValue: @escaping (State) -> V,
    removeDuplicates isDuplicate: @escaping (V, V) -> Bool,
    @ReducerBuilder<State, Action> _ reducer: @escaping (_ oldValue: V, _ newValue: V) -> R
  ) -> _OnChangeReducer<Self, V, R> {
    _OnChangeReducer(base: ResolvedReducer(self), toValue: toValue, isDuplicate: isDuplicate, reducer: reducer)
  }
}

/// The reducer built by ``Reducer/onChange(of:_:)``.
public struct _OnChangeReducer<Base: Reducer, Value, Body: Reducer<Base.State, Base.Action>>: Reducer {
  let base: ResolvedReducer<Base>
  let toValue: (Base.State) -> Value
  let isDuplicate: (Value, Value) -> Bool
  let reducer: (Value, Value) -> Body

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let oldValue = toValue(state)
    let baseEffects = base.reduce(into: &state, action: action)
    let newValue = toValue(state)
    guard !isDuplicate(oldValue, newValue) else { return baseEffects }
    return baseEffects.merge(with: reducer(oldValue, newValue).reduce(into: &state, action: action))
  }
}
