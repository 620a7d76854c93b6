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
  /// The remote effect whose event the action was, if it was one.
  package var effect: EffectIdentity?

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
    let fields = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace)
    guard fields.count == 2 || fields.count == 4, let sequence = UInt64(fields[0]), let signal = Int32(fields[1]) else {
      return nil
    }
    guard fields.count == 4 else { return PoisonRecord(sequence: sequence, signal: signal) }
    guard let action = UInt64(fields[2]), let index = Int(fields[3]) else { return nil }
    return PoisonRecord(sequence: sequence, signal: signal, effect: EffectIdentity(action: action, index: index))
  }

  /// Empties the `poison` file in `directory`: the record it named no longer stops a start.
  static func clear(directory: String) {
    _ = truncate(path(in: directory), 0)
  }
}
