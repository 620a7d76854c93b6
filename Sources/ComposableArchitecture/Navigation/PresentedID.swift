/// Which child is presented, as far as its effects are concerned: the enum case and the `id` of an
/// `Identifiable` state or case payload.
///
/// When it changes, a different child is on screen and the old one's effects are cancelled, even
/// though the state never passed through `nil`.
// The id comes from the presented state, so it is as sendable as the state that holds it.
struct PresentedID: Hashable, @unchecked Sendable {
  private let caseTag: UInt32?
  private let id: AnyHashable?

  init<State>(_ state: State) {
    self.caseTag = EnumMetadata(State.self)?.tag(of: state)
    self.id = Self.id(of: state) ?? EnumPayload.of(state).flatMap(Self.id(of:))
  }

  private static func id(of value: Any) -> AnyHashable? {
    guard let identifiable = value as? any Identifiable else { return nil }
    return hashableID(identifiable)
  }

  private static func hashableID(_ value: some Identifiable) -> AnyHashable {
    AnyHashable(value.id)
  }
}

/// The associated value of an enum case, read by reflection.
enum EnumPayload {
  static func of(_ value: Any) -> Any? {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .enum else { return nil }
    return mirror.children.first?.value
  }
}
