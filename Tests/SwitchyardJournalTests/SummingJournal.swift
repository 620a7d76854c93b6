import SwitchyardJournal

/// A closed journal of 25 records, each adding its number to a running total, snapshotted at 10
/// and 20 (and at 0, the initial state, when `snapshotsFromZero`): what the history suites read.
func summingJournal(options: JournalOptions, snapshotsFromZero: Bool = false) async throws -> TemporaryDirectory {
  let directory = TemporaryDirectory()
  let (journal, _) = try openJournal(directory, options: options)
  if snapshotsFromZero { try await journal.snapshot(through: 0) { Array("0".utf8) } }
  for index in 1...25 {
    try await journal.waitUntilDurable(try journal.append(Array(String(index).utf8)))
    if index % 10 == 0 {
      let total = (1...index).reduce(0, +)
      try await journal.snapshot(through: UInt64(index)) { Array(String(total).utf8) }
    }
  }
  journal.close()
  return directory
}
