import ComposableArchitecture
import Foundation
import SwitchyardDurability
import SwitchyardRuntime
import SwitchyardWire

/// Reduces actions on a copy of a past state, for the inspector's "what if": replay from a chosen
/// action with that action edited or left out, and see how the state would differ.
///
/// Read-only by construction: it holds its own copy of the reducer and never sees the store, the
/// journal or a job executor; the effects the reducer returns are dropped, never run. Both sides of
/// a comparison are reduced with the same fixed clock and an incrementing UUID generator, so the
/// difference shown is the edit's, not the dependencies'.
///
/// An action an older version of the application journaled — a page keeps the actions it saw
/// across a deploy — goes through the application's migrations first, as `start`, `history` and
/// `verify` read it; the states it starts from come from history, migrated already.
public final class WhatIfReplay: @unchecked Sendable {
  // Unchecked: `reduce` holds the reducer, which is used only on `queue`, one replay at a time.
  private let reduce: (JSONValue, [ActionEntry]) throws -> JSONValue
  private let queue = DispatchQueue(label: "switchyard-inspector-what-if")

  /// Replays through `reducer`, the application's own (never a journaling wrapper of it), which is
  /// version `version` of its data; the `VERSIONS` file of `dataDirectory`, if given, says which
  /// version wrote each action, and `migrations` bring an older one's to `version`.
  public init<Feature: Reducer>(
    _ reducer: Feature,
    version: Int = 1,
    migrations: [Migration] = [],
    dataDirectory: String? = nil
  ) where Feature.State: Codable, Feature.Action: Codable {
    // Without a journal every action the page saw is this build's.
    let replay = dataDirectory.map { ActionReplay(reducer, skippingRecordsIn: $0, version: version, migrations: migrations) }
    let reducer = Reduce(reducer)
    reduce = { state, entries in
      let decoder = WireJSONDecoder()
      var copy = try decoder.decode(Feature.State.self, from: state)
      let decoded = try entries.compactMap { entry in
        let action: JSONValue? = if let replay { try replay.migrate(action: entry.action, ofRecord: entry.sequence) } else { entry.action }
        return try action.map { try decoder.decode(Feature.Action.self, from: $0) }
      }
      withDependencies {
        $0.date = .constant(Date(timeIntervalSince1970: 0))
        $0.uuid = .incrementing
      } operation: {
        for action in decoded {
          _ = reducer.reduce(into: &copy, action: action)
        }
      }
      return try WireJSONEncoder().encodeValue(copy)
    }
  }

  /// The state the actions of `entries` leave when reduced in order on a copy of `state`, each
  /// migrated from the version that wrote its record; one a migration dropped is left out.
  ///
  /// - Throws: ``WhatIfError/doesNotDecode(_:)`` when the state or an action does not fit the
  ///   application's types.
  func run(from state: JSONValue, actions entries: [ActionEntry]) async throws(WhatIfError) -> JSONValue {
    let result: Result<JSONValue, any Error> = await withCheckedContinuation { continuation in
      queue.async { continuation.resume(returning: Result { try self.reduce(state, entries) }) }
    }
    do {
      return try result.get()
    } catch {
      throw .doesNotDecode(WireJSONDecoder.describe(error))
    }
  }
}
