/// Names one presented child — an `ifLet` child or a `forEach` element — in the feature tree.
///
/// Its effects are made cancellable under this id, so they can be cancelled when it disappears.
@usableFromInline
struct NavigationID: Hashable, @unchecked Sendable {
  // Key paths are immutable values; they are only hashed and compared here.
  let keyPath: AnyKeyPath
  let elementID: AnyHashableSendable?

  @usableFromInline
  init(keyPath: AnyKeyPath) {
    self.keyPath = keyPath
    self.elementID = nil
  }

  /// A child named by a case path rather than a key path: its reducer's place in the source names it.
  init(location: CallSite) {
    self.init(keyPath: \NavigationID.self, elementID: "\(location.fileID):\(location.line):\(location.column)")
  }

  @usableFromInline
  init(keyPath: AnyKeyPath, elementID: some Hashable & Sendable) {
    self.keyPath = keyPath
    self.elementID = AnyHashableSendable(elementID)
  }
}

extension NavigationID {
  /// This id for the identified child `id`: a child whose identity changes is another child.
  func identified(by id: PresentedID) -> NavigationID {
    NavigationID(keyPath: keyPath, elementID: Identified(base: elementID, id: id))
  }

  private struct Identified: Hashable, Sendable {
    let base: AnyHashableSendable?
    let id: PresentedID
  }
}

extension DependencyValues {
  /// Runs `body` as a child at `id`, so cancel ids made inside are namespaced under it.
  @usableFromInline
  static func withNavigationID<R>(_ id: NavigationID, _ body: () -> R) -> R {
    var values = _current
    values.navigationIDPath = values.navigationIDPath.appending(id)
    return $_current.withValue(values, operation: body)
  }
}
