/// An optional reducer runs when present, so a `body` can include one conditionally.
extension Optional: Reducer where Wrapped: Reducer {
  public typealias State = Wrapped.State
  public typealias Action = Wrapped.Action
  public typealias Body = Never

  @inlinable
  public func reduce(into state: inout Wrapped.State, action: Wrapped.Action) -> Effect<Wrapped.Action> {
    switch self {
    case let .some(wrapped): wrapped.reduce(into: &state, action: action)
    case .none: .none
    }
  }
}
