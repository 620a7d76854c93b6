import ComposableArchitecture
import SwitchyardRuntime
import SwitchyardWire

/// The payload of a remote effect's event journaled as itself instead of as the action it became
/// (proto/JOURNAL.md, "Effect event records"):
/// `{"effectEvent":{"action":N,"index":I},"event":{"output":{"_0":…}},"dependencies":…}`.
///
/// An output is copied byte for byte as the worker wrote it, so no part of the record goes
/// through `Codable`: encoding the action it became was most of what journaling a remote effect
/// cost.
/// Replay rebuilds the action through the effect its replayed action makes again, which is sound
/// only for an effect made after the newest snapshot (``ActionJournal/append(_:dependencies:)``).
struct EffectEventRecord: Sendable {
  /// A remote effect's event, as the journal holds it.
  enum Event: Sendable {
    /// An output, as the JSON it arrived in.
    case output(RawJSON)
    case finished
    case failed(JobFailure)
  }

  let effect: EffectIdentity
  let event: Event

  /// Appends the payload, with the reduction's `dependencies`, to `buffer`.
  func append(dependencies: DependencyRecording?, to buffer: inout [UInt8], encoder: WireJSONEncoder) throws {
    buffer.append(contentsOf: #"{"effectEvent":"#.utf8)
    EffectEndedRecord.appendIdentity(effect, to: &buffer)
    switch event {
    case let .output(json):
      buffer.append(contentsOf: #","event":{"output":{"_0":"#.utf8)
      json.writeSource(to: &buffer)
      buffer.append(contentsOf: "}}".utf8)
    case .finished:
      buffer.append(contentsOf: #","event":{"finished":{}}"#.utf8)
    case let .failed(failure):
      buffer.append(contentsOf: #","event":{"failed":{"_0":"#.utf8)
      try encoder.encode(failure, appendingTo: &buffer)
      buffer.append(contentsOf: "}}".utf8)
    }
    if let dependencies, !dependencies.isEmpty {
      buffer.append(contentsOf: #","dependencies":"#.utf8)
      try encoder.encode(dependencies, appendingTo: &buffer)
    }
    buffer.append(UInt8(ascii: "}"))
  }
}
