#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The journal record the last coordinator died reducing, as ``PoisonWatch`` noted it in the data
/// directory's `poison` file: recovery refuses to replay it unless told to skip it.
package struct PoisonRecord: Equatable, Sendable {
  /// The record's sequence number.
  package var sequence: UInt64
  /// The signal the coordinator died of.
  package var signal: Int32
  /// Whether the action was live or a record being replayed; `nil` in a file an older build wrote.
  package var moment: Moment?
  /// The remote effect whose event the action was, if it was one.
  package var effect: EffectIdentity?

  /// When the coordinator died reducing the action.
  package enum Moment: String, Sendable {
    /// Reducing a live action, which is journaled only once reduced: the journal never holds it,
    /// and a record a later coordinator writes may take its number.
    case live
    /// Replaying the journaled record.
    case replay
  }

  /// Whether the journal cannot hold the action, its end being at `lastSequence`: a live action,
  /// or, in an older build's file, one numbered past the end.
  package func neverJournaled(lastSequence: UInt64) -> Bool {
    moment.map { $0 == .live } ?? (sequence > lastSequence)
  }

  /// The signal's name, such as `SIGILL`.
  package var signalName: String {
    switch signal {
    case SIGILL: "SIGILL"
    case SIGTRAP: "SIGTRAP"
    case SIGSEGV: "SIGSEGV"
    case SIGBUS: "SIGBUS"
    case SIGFPE: "SIGFPE"
    default: "signal \(signal)"
    }
  }

  /// The `poison` file in `directory`.
  static func path(in directory: String) -> String {
    directory + "/poison"
  }

  /// The record the `poison` file in `directory` names, or `nil` when it names none.
  package static func read(directory: String) -> PoisonRecord? {
    guard let data = FileManager.default.contents(atPath: path(in: directory)) else { return nil }
    return PoisonRecord(line: String(decoding: data, as: UTF8.self))
  }

  /// Empties the `poison` file in `directory`: the record it named no longer stops a start.
  static func clear(directory: String) {
    _ = truncate(path(in: directory), 0)
  }
}

// In an extension, which keeps the memberwise initialiser.
extension PoisonRecord {
  /// Parses `SEQUENCE SIGNAL MOMENT [ACTION INDEX]`, or an older build's `SEQUENCE SIGNAL [ACTION
  /// INDEX]`; `nil` for anything else.
  package init?(line: String) {
    var fields = line.split(whereSeparator: \.isWhitespace)
    guard fields.count >= 2, let sequence = UInt64(fields[0]), let signal = Int32(fields[1]) else { return nil }
    fields.removeFirst(2)
    self.sequence = sequence
    self.signal = signal
    moment = fields.first.flatMap { Moment(rawValue: String($0)) }
    if moment != nil { fields.removeFirst() }
    switch fields.count {
    case 0:
      effect = nil
    case 2:
      guard let action = UInt64(fields[0]), let index = Int(fields[1]) else { return nil }
      effect = EffectIdentity(action: action, index: index)
    default:
      return nil
    }
  }
}
