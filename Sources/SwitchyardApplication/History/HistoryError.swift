/// Why `history` could not read a data directory.
enum HistoryError: Error, Equatable, CustomStringConvertible {
  /// The directory holds no journal.
  case noJournal(directory: String)
  /// The directory was written by an application this executable does not run.
  case unknownOwner(directory: String, owner: JournalOwner, known: [JournalOwner])
  /// `--diff` was not `N..M`.
  case badRange(String)
  /// The state has nothing at the path asked for.
  case unknownPath(path: String, sequence: UInt64)
  /// Retention removed the snapshots and records needed to rebuild the state after `sequence`.
  case olderThanKept(sequence: UInt64, oldest: UInt64)
  /// The data directory holds no snapshot, so no state can be rebuilt from it.
  case noSnapshot(directory: String)

  var description: String {
    switch self {
    case let .noJournal(directory):
      "\(directory) holds no journal. Give the --data-dir a coordinator was started with, or the --run-dir whose data it holds."
    case let .unknownOwner(directory, owner, known):
      "The data directory \(directory) was written by \(owner.application) running \(owner.reducer); this executable "
        + "replays \(known.map(\.reducer).joined(separator: " and ")). Run 'history' with the executable that wrote it."
    case let .badRange(text):
      "'\(text)' is not a range of records: write N..M, such as 10..20."
    case let .unknownPath(path, sequence):
      "The state after record \(sequence) has nothing at '\(path)'."
    case let .olderThanKept(sequence, oldest):
      "The journal keeps states from action \(oldest) on; retention removed what action \(sequence)'s needs. "
        + "Start with a longer --history-retention or a larger --history-max-size to keep more history."
    case let .noSnapshot(directory):
      "\(directory) holds no snapshot yet, so no past state can be rebuilt from its journal."
    }
  }
}

import SwitchyardDurability