import Foundation
import Testing

@testable import SwitchyardJournal

/// A fresh data directory under the system's temporary directory, removed by ``remove()``.
struct TemporaryDirectory {
  let path: String

  init() {
    path = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-journal-\(UUID().uuidString)").path
  }

  func file(_ name: String) -> String {
    path + "/" + name
  }

  func names() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
  }

  func segmentNames() -> [String] {
    names().filter { $0.hasPrefix("segment-") && $0.hasSuffix(".log") }
  }

  func contents(_ name: String) -> [UInt8] {
    Array(FileManager.default.contents(atPath: file(name)) ?? Data())
  }

  func write(_ name: String, _ bytes: [UInt8]) {
    #expect(FileManager.default.createFile(atPath: file(name), contents: Data(bytes)))
  }

  /// Every file's bytes, to prove that a refused recovery changed nothing.
  func everything() -> [String: [UInt8]] {
    Dictionary(uniqueKeysWithValues: names().filter { $0 != "LOCK" }.map { ($0, contents($0)) })
  }

  /// Lowers what `HIGHWATER` says was durable to record `sequence`, as a coordinator killed before
  /// it marked the records after leaves it: damage to those may be a crash's torn write.
  func markDurable(through sequence: UInt64) throws {
    let directory = DataDirectory(path: path)
    var mark = try #require(try HighWaterMark.read(directory))
    mark.through = sequence
    try HighWaterMark.write(mark, in: directory)
  }

  func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}

/// A payload that names its record, so a test can tell records apart.
func payload(_ index: Int) -> [UInt8] {
  Array("action \(index)".utf8)
}

/// Opens the journal at `directory`, returning it and the payloads it replayed.
func openJournal(
  _ directory: TemporaryDirectory,
  options: JournalOptions = JournalOptions(durability: .always)
) throws -> (Journal, [JournalRecord]) {
  var replayed: [JournalRecord] = []
  let journal = try Journal.open(directory: directory.path, options: options) { replayed.append($0) }
  return (journal, replayed)
}

/// Appends `count` records one fsync at a time, so each write is its own batch.
func appendDurably(_ journal: Journal, _ range: Range<Int>) async throws {
  for index in range {
    try await journal.waitUntilDurable(try journal.append(payload(index)))
  }
}
