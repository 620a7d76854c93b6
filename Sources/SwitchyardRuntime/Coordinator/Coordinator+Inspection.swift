import ComposableArchitecture
import SwitchyardWire

extension Coordinator {
  /// Calls `observer` on the main actor after each action the store reduces, with the action's
  /// sequence number (see ``lastActionSequence``), the action and the state it left; `nil` removes it.
  ///
  /// One observer at a time, for a tool such as a web inspector. It runs inside the store's
  /// reduce, so it must be quick; remove it whenever nobody is looking, which makes the hook free.
  public func observeActions(_ observer: (@MainActor (_ sequence: UInt64, _ action: R.Action, _ state: R.State) -> Void)?) {
    observation.observer = observer
  }

  /// Calls `observer` on the main actor at each step of every remote effect's life (admitted,
  /// each attempt and its worker, each output, a retry, the end); `nil` removes it.
  ///
  /// One observer at a time, for a tool such as a web inspector; it runs on the router's path, so
  /// it must be quick. Effects already running when it is set are reported from their next step.
  public func observeEffects(_ observer: (@MainActor (EffectLifeEvent) -> Void)?) {
    runtime.lifeWatch = observer
  }

  /// The sequence number of the last action the store reduced, as observers are told it: with an
  /// ``actionLog``, the journal's (the numbers `switchyard history` prints, continued across
  /// restarts); without one, how many actions this process has reduced.
  public var lastActionSequence: UInt64 {
    observation.sequence(counted: tap.total)
  }

  /// Decodes `json` as an action and sends it to the store, as the control socket's `send` does.
  ///
  /// - Throws: an error whose description names where the JSON does not fit the action type,
  ///   the same sentence `switchyard send` prints; ``ClientActionError`` for an action clients may
  ///   not send; or ``ActionRefusal`` when the journal cannot record the action now. A refused
  ///   action is not reduced.
  public func send(json: JSONValue) throws {
    try send(clientJSON: RawJSON(json))
  }

  /// Decodes `json` as a client's action and sends it, with the metadata a root reducer that asks
  /// for it makes (``ClientActionMetadata``): a journal records it as that JSON. The one way in of
  /// the control socket's and the inspector's actions; returns the send's task, for a benchmark to
  /// await.
  @discardableResult
  package func send(clientJSON json: RawJSON) throws -> StoreTask {
    store.send(try clientAction(json), metadata: clientMetadata?.metadata(ofClientJSON: json))
  }
}
