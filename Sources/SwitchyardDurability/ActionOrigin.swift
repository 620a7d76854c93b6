import SwitchyardRuntime
import SwitchyardWire

/// Where an action came from, as far as its journal record cares: the metadata it is sent to a
/// journaled store with (`Store.send(_:metadata:)`), which travels with it — through the store's
/// buffer if it waits there — into the one ``ActionJournal`` append that records it, as Akka's
/// `PersistentRepr` carries an event's metadata.
///
/// An action sent with none came from inside the process (a start action, an effect's `send`, a
/// test) and is encoded through `Codable`.
///
/// The rare cases are `indirect`: the common ones then fit an existential's inline buffer, so
/// sending an action with its origin allocates nothing.
enum ActionOrigin: Sendable {
  /// A client's action, over the control socket or from the inspector, as the JSON it arrived as:
  /// journaled as that JSON, which decodes to the same action, instead of encoding the action.
  case client(RawJSON)
  /// A remote effect's output, as the JSON the worker wrote: journaled as the effect's event
  /// when the effect was made after the newest snapshot (``ActionJournal/journalsEvents(of:)``).
  case output(RawJSON, of: JournaledEffect)
  /// A remote effect's output whose effect was made before the newest snapshot: journaled inside
  /// the action it became, the output written as the JSON it arrived as where the action holds it.
  indirect case outputInAction(KnownJSON, of: JournaledEffect)
  /// A remote effect's last event, that it finished. The record of the action it became also says
  /// the effect ended.
  case finished(JournaledEffect)
  /// A remote effect's last event, that it failed with `failure`; its record says it ended too.
  indirect case failed(JournaledEffect, failure: JobFailure)

  /// The remote effect whose event the action is, if it is one.
  var effect: JournaledEffect? {
    switch self {
    case .client: nil
    case let .output(_, effect), let .outputInAction(_, effect), let .finished(effect), let .failed(effect, _): effect
    }
  }

  /// The origin `metadata` holds, if it holds one.
  ///
  /// A comparison of types, not a cast: casting the metadata every action is sent with cost the
  /// journal more than numbering the action.
  init?(_ metadata: (any Sendable)?) {
    guard let metadata, let origin = Self.origin(in: metadata) else { return nil }
    self = origin
  }

  private static func origin<Metadata: Sendable>(in metadata: Metadata) -> ActionOrigin? {
    guard Metadata.self == ActionOrigin.self else { return nil }
    return withUnsafePointer(to: metadata) { UnsafeRawPointer($0).load(as: ActionOrigin.self) }
  }
}
