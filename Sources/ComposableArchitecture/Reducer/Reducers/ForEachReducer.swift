extension Reducer {
  /// Runs an element reducer on each element of an identified collection, before this reducer.
  ///
  /// Each element's effects are namespaced by its id, so rows never cancel each other's work, and
  /// they are cancelled when this reducer removes the element. An action for an id that is not in
  /// the collection is reported, not reduced.
  public func forEach<ElementState, ElementAction, ID: Hashable & Sendable, Element: Reducer>(
    _ toElementsState: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: CaseKeyPath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEachReducer<Self, ID, Element>
  where ElementState == Element.State, ElementAction == Element.Action {
    let toIdentifiedAction = AnyCasePath(toElementAction)
    return _ForEachReducer(
      parent: ResolvedReducer(self),
      element: ResolvedReducer(element()),
      toElementsState: toElementsState,
      toElementAction: AnyCasePath(
        embed: { toIdentifiedAction.embed(.element(id: $0.id, action: $0.action)) },
        extract: {
          guard case let .element(id, action) = toIdentifiedAction.extract(from: $0) else { return nil }
          return (id, action)
        }
      ),
      location: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Runs an element reducer on each element, with a case path to `(id, action)` pairs, the
  /// pre-1.0 form: `.forEach(\.rows, action: /Action.row(id:action:)) { Row() }`.
  public func forEach<ElementState, ElementAction, ID: Hashable & Sendable, Element: Reducer>(
    _ toElementsState: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: AnyCasePath<Action, (ID, ElementAction)>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEachReducer<Self, ID, Element>
  where ElementState == Element.State, ElementAction == Element.Action {
    _ForEachReducer(
      parent: ResolvedReducer(self),
      element: ResolvedReducer(element()),
      toElementsState: toElementsState,
      toElementAction: AnyCasePath(
        embed: { toElementAction.embed(($0.id, $0.action)) },
        extract: { toElementAction.extract(from: $0).map { (id: $0.0, action: $0.1) } }
      ),
      location: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer built by ``Reducer/forEach(_:action:element:fileID:filePath:line:column:)``.
public struct _ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer {
  @usableFromInline
  let parent: ResolvedReducer<Parent>
  @usableFromInline
  let element: ResolvedReducer<Element>
  @usableFromInline
  let toElementsState: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
  @usableFromInline
  let toElementAction: AnyCasePath<Parent.Action, (id: ID, action: Element.Action)>
  @usableFromInline
  let location: CallSite

  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let elementEffects = reduceElement(into: &state, action: action)
    let idsBefore = state[keyPath: toElementsState].ids
    let parentEffects = parent.reduce(into: &state, action: action)
    let idsAfter = state[keyPath: toElementsState].ids
    // Comparing ids is O(1) when the parent left the collection's ids untouched.
    guard idsBefore != idsAfter else { return elementEffects.merge(with: parentEffects) }
    return .merge([elementEffects, parentEffects] + cancellations(removedFrom: idsBefore, leaving: idsAfter))
  }

  @usableFromInline
  func cancellations(removedFrom idsBefore: [ID], leaving idsAfter: [ID]) -> [Effect<Parent.Action>] {
    let remaining = Set(idsAfter)
    return idsBefore.filter { !remaining.contains($0) }.map {
      Effect<Parent.Action>.cancel(id: NavigationID(keyPath: toElementsState, elementID: $0))
    }
  }

  @inlinable
  func reduceElement(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    guard let (id, elementAction) = toElementAction.extract(from: action) else { return .none }
    guard state[keyPath: toElementsState][id: id] != nil else {
      reportMissingElement(action: action)
      return .none
    }
    let navigationID = NavigationID(keyPath: toElementsState, elementID: id)
    let effect = DependencyValues.withNavigationID(navigationID) {
      element.reduce(into: &state[keyPath: toElementsState][id: id]!, action: elementAction)
    }
    guard !effect.isNone else { return .none }
    let toElementAction = self.toElementAction
    return effect.map { toElementAction.embed((id, $0)) }.cancellable(id: navigationID)
  }

  @usableFromInline
  func reportMissingElement(action: Parent.Action) {
    reportIssue(NavigationMessage.elementActionWithoutState(action, isStack: false, location: location), location: location)
  }
}
