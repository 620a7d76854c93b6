import ComposableArchitecture
import SwitchyardWire

/// A stretch of a journal exported by `history --export-test N..M DIR`: the state before record
/// N, each action N…M with the dependency values it was reduced with, and the state it led to.
///
/// ``replay(through:)`` reduces the actions again through a reducer and checks every state, as a
/// `TestStore` checks each `send`: an incident in production becomes a test on a laptop, failing
/// until the reducer does again what it did then.
public struct RecordedHistory: Codable, Sendable {
  /// One action replayed: its record, the action, what its dependencies returned, the state after.
  public struct Step: Codable, Sendable {
    public var sequence: UInt64
    public var action: JSONValue
    public var dependencies: DependencyRecording?
    public var stateAfter: JSONValue

    /// A step of an exported history.
    public init(sequence: UInt64, action: JSONValue, dependencies: DependencyRecording?, stateAfter: JSONValue) {
      self.sequence = sequence
      self.action = action
      self.dependencies = dependencies
      self.stateAfter = stateAfter
    }
  }

  /// The application and its data version that exported it.
  public var application: String
  public var version: Int
  /// The state before the first step.
  public var stateBefore: JSONValue
  public var steps: [Step]

  /// A history to export.
  public init(application: String, version: Int, stateBefore: JSONValue, steps: [Step]) {
    self.application = application
    self.version = version
    self.stateBefore = stateBefore
    self.steps = steps
  }

  /// The history `json` holds, as the exported test embeds it.
  public init(json: String) throws {
    self = try WireJSONDecoder().decode(RecordedHistory.self, from: Array(json.utf8))
  }

  /// Reduces every step's action through `reducer` with its recorded dependencies, its effects
  /// discarded, and throws ``Mismatch`` at the first state that differs from the recorded one.
  public func replay<Feature: Reducer>(through reducer: Feature) throws
  where Feature.State: Decodable & Equatable, Feature.Action: Decodable {
    let decoder = WireJSONDecoder()
    var state = try decoder.decode(Feature.State.self, from: stateBefore)
    let reduce = Reduce(reducer)
    let reductions = ReplayReductions()
    for step in steps {
      let action = try decoder.decode(Feature.Action.self, from: step.action)
      let effects = ReplayedEffects()
      effects.willReplay(sequence: step.sequence)
      _ = try reductions.reduce(step.dependencies ?? DependencyRecording(), effects: effects, recovery: nil) {
        reduce.reduce(into: &state, action: action)
      }
      let expected = try decoder.decode(Feature.State.self, from: step.stateAfter)
      guard state == expected else {
        throw Mismatch(sequence: step.sequence, action: ActionPath.of(step.action), diff: diff(expected, state) ?? "")
      }
    }
  }

  /// The reducer led a recorded action to another state than the one recorded.
  public struct Mismatch: Error, CustomStringConvertible {
    public var sequence: UInt64
    public var action: String
    /// The recorded state (`-`) against the one reached (`+`).
    public var diff: String

    public var description: String {
      "Record \(sequence) (\(action)) now leads to another state than it did when it was journaled "
        + "(− recorded, + now):\n\(diff)"
    }
  }
}
