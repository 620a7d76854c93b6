import ComposableArchitecture
import Foundation
import SwitchyardTestSupport
import Testing

@testable import SwitchyardJournal

/// The journals the damage fuzz starts from, each written once and copied for every round.
enum JournalShape: CaseIterable, CustomStringConvertible {
  /// Thirty records, no snapshot.
  case thirtyRecords
  /// Eighty records over several segments, snapshots of records 25, 50 and 70.
  case segmentsAndSnapshots
  /// Forty records, the last of them snapshotted: nothing to replay after the snapshot.
  case snapshotOfTheLastRecord
  /// Forty records, a snapshot of record 20, opened again (which raises `HIGHWATER`) and twenty more.
  case reopened
  /// Forty records, and a `HIGHWATER` that says nothing of the newest segment's records, as a
  /// coordinator killed within a second of appending them leaves it: damage to them may be a torn
  /// write.
  case killed

  /// Small, so the journals span several segments.
  static let segmentSize = 600

  var description: String {
    switch self {
    case .thirtyRecords: "thirty records"
    case .segmentsAndSnapshots: "segments and snapshots"
    case .snapshotOfTheLastRecord: "a snapshot of the last record"
    case .reopened: "reopened"
    case .killed: "killed"
    }
  }

  /// Writes the journal in a directory of its own.
  func write() async throws -> PristineJournal {
    var pristine = PristineJournal(directory: TemporaryDirectory())
    let options = JournalOptions(durability: .always, segmentSize: Self.segmentSize)
    var journal = try Journal.open(directory: pristine.directory.path, options: options) { _ in }
    switch self {
    case .thirtyRecords:
      try await pristine.append(1...30, to: journal)
    case .segmentsAndSnapshots:
      for (range, snapshot) in [(1...25, true), (26...50, true), (51...70, true), (71...80, false)] {
        try await pristine.append(range, to: journal)
        if snapshot { try await pristine.snapshot(journal) }
      }
    case .snapshotOfTheLastRecord:
      try await pristine.append(1...40, to: journal)
      try await pristine.snapshot(journal)
    case .reopened:
      try await pristine.append(1...20, to: journal)
      try await pristine.snapshot(journal)
      try await pristine.append(21...40, to: journal)
      journal.close()
      journal = try Journal.open(directory: pristine.directory.path, options: options) { _ in }
      try await pristine.append(41...60, to: journal)
    case .killed:
      try await pristine.append(1...40, to: journal)
    }
    journal.close()
    let mark = try #require(try HighWaterMark.read(DataDirectory(path: pristine.directory.path)))
    pristine.durableThrough = self == .killed ? mark.segment - 1 : mark.through
    try pristine.directory.markDurable(through: pristine.durableThrough)
    return pristine
  }
}

/// A journal as it was written: each record's payload and each snapshot's state, by sequence.
struct PristineJournal {
  let directory: TemporaryDirectory
  var payloads: [UInt64: [UInt8]] = [:]
  var snapshots: [UInt64: [UInt8]] = [:]
  var lastSequence: UInt64 = 0
  /// What its `HIGHWATER` says was durable: a record after it may be lost to a crash's torn write.
  var durableThrough: UInt64 = 0

  /// Records of different lengths, each naming itself, so a record read back as another is caught.
  mutating func append(_ range: ClosedRange<Int>, to journal: Journal) async throws {
    for index in range {
      let payload = Array("record \(index) ".utf8) + [UInt8](repeating: UInt8(ascii: "a") + UInt8(index % 26), count: index % 37)
      let sequence = try journal.append(payload)
      try await journal.waitUntilDurable(sequence)
      payloads[sequence] = payload
      lastSequence = sequence
    }
  }

  mutating func snapshot(_ journal: Journal) async throws {
    let state = Array("state through \(lastSequence)".utf8)
    _ = try await journal.snapshot(through: lastSequence) { state }
    snapshots[lastSequence] = state
  }
}

/// One random damage done to a file of a data directory, named for the failure message.
struct DirectoryDamage: CustomStringConvertible {
  let file: String
  let what: String

  var description: String { "\(what) in \(file)" }

  static func random(in directory: TemporaryDirectory, using generator: inout SeededRandomNumberGenerator) -> DirectoryDamage {
    let names = directory.names().filter { $0 != DataDirectory.lockFileName }
    let segments = names.filter { if case .segment = DataDirectory.entry(named: $0) { true } else { false } }
    let snapshots = names.filter { if case .snapshot = DataDirectory.entry(named: $0) { true } else { false } }
    let candidates = generator.chance(65) ? segments : generator.chance(70) ? snapshots : names
    let file = (candidates.isEmpty ? names : candidates).randomElement(using: &generator)!
    var bytes = directory.contents(file)
    let what = damage(&bytes, using: &generator)
    if what == "removed" {
      try? FileManager.default.removeItem(atPath: directory.file(file))
    } else {
      directory.write(file, bytes)
    }
    return DirectoryDamage(file: file, what: what)
  }

  /// Damages `bytes` in place, or says the file is to be removed.
  private static func damage(_ bytes: inout [UInt8], using generator: inout SeededRandomNumberGenerator) -> String {
    let at = bytes.isEmpty ? 0 : Int.random(in: bytes.indices, using: &generator)
    let length = min(bytes.count - at, Int.random(in: 1...24, using: &generator))
    switch bytes.isEmpty ? 5 : Int.random(in: 0..<7, using: &generator) {
    case 0:
      let bit = UInt8(1) << UInt8.random(in: 0...7, using: &generator)
      bytes[at] ^= bit
      return "bit \(bit) flipped at byte \(at)"
    case 1:
      for index in at..<(at + length) { bytes[index] = UInt8.random(in: 0...255, using: &generator) }
      return "\(length) random bytes at \(at)"
    case 2:
      for index in at..<(at + length) { bytes[index] = 0 }
      return "\(length) bytes zeroed at \(at)"
    case 3:
      bytes.removeSubrange(at...)
      return "cut at byte \(at)"
    case 4:
      bytes.removeSubrange(at..<(at + length))
      return "\(length) bytes removed at \(at)"
    case 5:
      let zeros = generator.chance(50)
      let added = (0..<Int.random(in: 1...64, using: &generator)).map { _ in zeros ? 0 : UInt8.random(in: 0...255, using: &generator) }
      bytes += added
      return "\(added.count) \(zeros ? "zero" : "random") bytes appended"
    default:
      return "removed"
    }
  }
}
