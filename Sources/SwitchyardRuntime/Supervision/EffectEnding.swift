/// How an effect left its worker, for the worker's tally in status.
enum EffectEnding {
  /// It completed there.
  case completed
  /// It failed there (a timeout included).
  case failed
  /// It was cancelled, retried elsewhere, or handed back: the worker's tally is unchanged.
  case withdrawn
}
