/// The cancel ids an effect was started under, outermost first: almost always none or one, which
/// need no array, so a cancellable effect allocates no list for them.
struct EffectCancelIDs {
  private var first: EffectCancelID?
  private var rest: [EffectCancelID] = []

  var isEmpty: Bool {
    first == nil
  }

  /// Adds `id` inside the ids already here.
  mutating func append(_ id: EffectCancelID) {
    guard first != nil else {
      first = id
      return
    }
    rest.append(id)
  }

  /// Calls `body` with each id, outermost first.
  func forEach(_ body: (EffectCancelID) -> Void) {
    guard let first else { return }
    body(first)
    for id in rest { body(id) }
  }
}
