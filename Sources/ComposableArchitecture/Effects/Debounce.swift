extension Effect {
  /// Delays this effect by `duration` and cancels it if another effect with the same `id` arrives first.
  ///
  /// Only the last of a burst runs: the classic search-as-you-type debounce. Drive `clock` with a
  /// `TestClock` in tests to make it deterministic.
  public func debounce<C: Clock>(
    id: some Hashable & Sendable,
    for duration: C.Duration,
    clock: C
  ) -> Self {
    if case .none = operation { return .cancel(id: id) }
    return Self.concatenate(
      .run { _ in try await clock.sleep(for: duration) },
      self
    )
    .cancellable(id: id, cancelInFlight: true)
  }
}
