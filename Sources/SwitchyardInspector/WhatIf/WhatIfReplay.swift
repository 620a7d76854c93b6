import ComposableArchitecture
import Foundation
import SwitchyardWire

/// Reduces actions on a copy of a past state, for the inspector's "what if": replay from a chosen
/// action with that action edited or left out, and see how the state would differ.
///
/// Read-only by construction: it holds its own copy of the reducer and never sees the store, the
/// journal or a job executor; the effects the reducer returns are dropped, never run. Both sides of
/// a comparison are reduced with the same fixed clock and an incrementing UUID generator, so the
/// difference shown is the edit's, not the dependencies'.
public final class WhatIfReplay: @unchecked Sendable {
  // Unchecked: `reduce` holds the reducer, which is used only on `queue`, one replay at a time.
  private let reduce: (JSONValue, [JSONValue]) throws -> JSONValue
  private let queue = DispatchQueue(label: "switchyard-inspector-what-if")

  /// Replays through `reducer`, the application's own (never a journaling wrapper of it).
  public init<Feature: Reducer>(_ reducer: Feature) where Feature.State: Codable, Feature.Action: Codable {
    let reducer = Reduce(reducer)
    reduce = { state, actions in
      let decoder = WireJSONDecoder()
      var copy = try decoder.decode(Feature.State.self, from: state)
      let decoded = try actions.map { try decoder.decode(Feature.Action.self, from: $0) }
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

  /// The state `actions` leave when reduced in order on a copy of `state`.
  ///
  /// - Throws: ``WhatIfError/doesNotDecode(_:)`` when the state or an action does not fit the
  ///   application's types.
  func run(from state: JSONValue, actions: [JSONValue]) async throws(WhatIfError) -> JSONValue {
    let result: Result<JSONValue, any Error> = await withCheckedContinuation { continuation in
      queue.async { continuation.resume(returning: Result { try self.reduce(state, actions) }) }
    }
    do {
      return try result.get()
    } catch {
      throw .doesNotDecode(WireJSONDecoder.describe(error))
    }
  }
}
