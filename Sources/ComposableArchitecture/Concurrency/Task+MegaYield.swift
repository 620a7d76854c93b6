extension Task where Success == Never, Failure == Never {
  /// Lets every task that is ready to run reach its next suspension point: what a test awaits before
  /// looking at what effects did, when there is no clock to drive.
  ///
  /// Effects hop between the store's actor and the global executor. Each round here yields the
  /// caller's actor and hops through the global executor at the caller's priority, so it queues
  /// behind the hops effects have already scheduled on both; enough rounds let chains of them settle
  /// before the test looks at the clock or the store.
  nonisolated(nonsending) public static func megaYield(count: Int = 20) async {
    for _ in 0..<count {
      await Task<Never, Never>.yield()
      await hopThroughGlobalExecutor()
    }
  }
}

@concurrent private func hopThroughGlobalExecutor() async {
  await Task<Never, Never>.yield()
}
