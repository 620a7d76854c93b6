/// The identity of cancellable work: the user's id, namespaced by where in the feature tree it was made.
///
/// The namespace keeps sibling children apart: two rows of a `forEach` that both use
/// `CancelID.timer` cancel only their own timers.
@usableFromInline
struct EffectCancelID: Hashable, Sendable {
  /// The id's parts in one shared object: the store copies an id into its effect's context, its
  /// registry entry and the registry's table, and compares the entry's id with the table's when
  /// the effect ends. A copy is then one retain, and that comparison one pointer comparison.
  private final class Storage: Sendable {
    let id: AnyHashableSendable
    let navigationIDPath: NavigationIDPath
    /// Hashed once, when made: hashing the user's id goes through `AnyHashable` each time.
    let hash: Int

    init(id: AnyHashableSendable, navigationIDPath: NavigationIDPath) {
      self.id = id
      self.navigationIDPath = navigationIDPath
      var hasher = Hasher()
      hasher.combine(id)
      hasher.combine(navigationIDPath)
      self.hash = hasher.finalize()
    }
  }

  private let storage: Storage

  var id: AnyHashableSendable { storage.id }
  var navigationIDPath: NavigationIDPath { storage.navigationIDPath }

  init(id: some Hashable & Sendable, navigationIDPath: NavigationIDPath) {
    self.init(id: AnyHashableSendable(id), navigationIDPath: navigationIDPath)
  }

  private init(id: AnyHashableSendable, navigationIDPath: NavigationIDPath) {
    storage = Storage(id: id, navigationIDPath: navigationIDPath)
  }

  @usableFromInline
  static func == (lhs: Self, rhs: Self) -> Bool {
    if lhs.storage === rhs.storage { return true }
    return lhs.storage.hash == rhs.storage.hash && lhs.id == rhs.id && lhs.navigationIDPath == rhs.navigationIDPath
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    hasher.combine(storage.hash)
  }

  /// The stored hash with the table's seed: it came from a `Hasher` already, so hashing it again
  /// on every registration and removal of a running effect would buy nothing.
  @usableFromInline
  func _rawHashValue(seed: Int) -> Int {
    storage.hash ^ seed
  }

  /// The ids an effect made under this one answers to: the same id at every ancestor of its place
  /// in the feature tree, so a parent's `.cancel(id:)` reaches a child's effect, as in TCA.
  var scopes: [Self] {
    navigationIDPath.prefixes.map { Self(id: id, navigationIDPath: $0) }
  }

  /// Whether the id was made inside a child feature, so it has ancestors to answer to.
  var isScoped: Bool {
    !navigationIDPath.path.isEmpty
  }
}

extension Effect {
  /// Makes this effect cancellable with ``cancel(id:)``.
  ///
  /// With `cancelInFlight`, any effect already running under `id` is cancelled first, so only the
  /// newest runs: the shape of a search-as-you-type request.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    if case .none = operation, !cancelInFlight { return .none }
    return Self(
      operation: .cancellable(
        id: EffectCancelID(id: id, navigationIDPath: DependencyValues._current.navigationIDPath),
        cancelInFlight: cancelInFlight,
        self
      )
    )
  }

  /// An effect that cancels work running under `id`.
  ///
  /// Once the store has processed it, nothing the cancelled work sends reaches the reducer.
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(operation: .cancel(id: EffectCancelID(id: id, navigationIDPath: DependencyValues._current.navigationIDPath)))
  }
}
