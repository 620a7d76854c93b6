/// Where a reducer runs in the feature tree: the ids of the `ifLet`, `forEach` and stack elements above it.
///
/// Cancel ids are namespaced by it, so children never cancel each other's effects, and a parent can
/// cancel everything a removed child started.
@usableFromInline
struct NavigationIDPath: Hashable, Sendable {
  private(set) var path: [AnyHashableSendable] = []

  /// This path and every shorter one down to the root, longest first.
  var prefixes: [Self] {
    (0...path.count).reversed().map { Self(path: Array(path.prefix($0))) }
  }

  func appending(_ id: some Hashable & Sendable) -> Self {
    var copy = self
    copy.path.append(AnyHashableSendable(id))
    return copy
  }
}
