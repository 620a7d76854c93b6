import Glibc

/// Opens a data directory's journal for appending: restores the newest sound snapshot, replays
/// and checks every record after it, and cuts a torn tail (proto/JOURNAL.md, "Recovery").
///
/// Damage anywhere but the tail stops recovery with the file and offset, and nothing is changed
/// unless the options say `repair`: then the journal is cut there and what follows set aside.
struct JournalRecovery {
  let directory: DataDirectory
  let options: JournalOptions
  private var changes: [String] = []

  init(directory: DataDirectory, options: JournalOptions) {
    self.directory = directory
    self.options = options
  }

  /// Where appending resumes.
  struct Outcome {
    var appender: SegmentAppender
    var nextSequence: UInt64
    var report: JournalRecoveryReport
  }

  mutating func run(
    restoringAtOrBefore limit: UInt64?,
    restore: (JournalSnapshot) throws -> Void,
    replay: (JournalRecord) throws -> Void
  ) throws -> Outcome {
    for name in try directory.names() where DataDirectory.entry(named: name) == .unfinishedSnapshot {
      try directory.remove(name)
      note("Removed \(name), a snapshot whose writing was interrupted.")
    }
    let store = SnapshotStore(directory: directory)
    let older = try limit.flatMap { limit throws(JournalError) in try store.newest(atOrBefore: limit) }
    let snapshot = try older ?? store.newest(setAside: options.repair) { note($0) }
    if let snapshot { try restore(snapshot) }
    let covered = snapshot?.sequence ?? 0
    let snapshotName = DataDirectory.snapshotName(sequence: covered)

    let segments = try directory.segments()
    // The segment holding the first record after the snapshot, and those after it, are replayed;
    // when even the first segment starts later, the records in between are missing.
    let first = segments.lastIndex { $0.firstSequence <= covered + 1 } ?? 0
    var expected = segments.isEmpty || segments[first].firstSequence > covered + 1 ? covered + 1 : segments[first].firstSequence
    var replayed = 0
    var resume: (name: String, size: Int)?
    for index in first..<segments.count {
      let segment = segments[index]
      if segment.firstSequence != expected {
        try cut(segments, from: index, because: .missingRecords(from: expected, through: segment.firstSequence - 1, before: segment.name))
        break
      }
      let end = try scan(segments, at: index, expected: &expected, covered: covered, replayed: &replayed, replay: replay)
      if let size = end.size { resume = (segment.name, size) }
      guard end.isComplete else { break }
    }

    // A snapshot with no segment at all means the journal was lost, not that it was empty.
    let last = segments.isEmpty ? 0 : expected - 1
    if last < covered {
      guard options.repair else { throw JournalError.snapshotAheadOfJournal(snapshot: snapshotName, sequence: covered, journalEnd: last) }
      note("Repaired: the journal ends at record \(last) but \(snapshotName) covers up to \(covered); continuing from the snapshot.")
      resume = nil
      expected = covered + 1
    }
    let appender = try resume.map { try SegmentAppender(directory: directory, continuing: $0.name, size: $0.size, segmentSize: options.segmentSize) }
      ?? SegmentAppender(directory: directory, startingAt: expected, segmentSize: options.segmentSize)
    return Outcome(
      appender: appender,
      nextSequence: expected,
      report: JournalRecoveryReport(snapshotSequence: snapshot?.sequence, replayedRecords: replayed, lastSequence: expected - 1, changes: changes)
    )
  }

  /// Replays the records of the segment at `index` after `covered`, checking each is `expected`;
  /// returns where appending could continue in it and whether the journal may go on past it.
  private mutating func scan(
    _ segments: [(firstSequence: UInt64, name: String)],
    at index: Int,
    expected: inout UInt64,
    covered: UInt64,
    replayed: inout Int,
    replay: (JournalRecord) throws -> Void
  ) throws -> (size: Int?, isComplete: Bool) {
    let segment = segments[index]
    let isLast = index == segments.count - 1
    var records: SegmentReader
    switch Result(catching: { () throws(JournalError) in try SegmentReader(directory: directory, name: segment.name) }) {
    case let .success(reader):
      records = reader
    case let .failure(.corruptRecord(name, offset, reason)):
      if isLast, try isTornCreation(segment.name) {
        try directory.remove(segment.name)
        note("Removed \(segment.name): a crash interrupted its creation before it held a record.")
        return (nil, false)
      }
      try cut(segments, from: index, because: .corruptRecord(segment: name, offset: offset, reason: reason))
      return (nil, false)
    case let .failure(error):
      throw error
    }
    defer { records.close() }
    if records.firstSequence != segment.firstSequence {
      let reason = "its header names record \(records.firstSequence), its file name record \(segment.firstSequence)"
      try cut(segments, from: index, because: .corruptRecord(segment: segment.name, offset: 0, reason: reason))
      return (nil, false)
    }
    while true {
      let start = records.offset
      switch try records.next() {
      case let .record(record):
        guard record.sequence == expected else {
          let reason = "it holds record \(record.sequence) where record \(expected) belongs"
          try cut(segments, from: index, at: start, because: .corruptRecord(segment: segment.name, offset: start, reason: reason))
          return (start, false)
        }
        if record.sequence > covered {
          try replay(record)
          replayed += 1
        }
        expected += 1
      case .end:
        return (start, true)
      case let .damaged(offset, reason, mayBeTorn):
        if isLast && mayBeTorn {
          try truncate(segment.name, at: offset)
          note("Cut a torn record off the end of \(segment.name) at byte \(offset) (\(reason)): a crash interrupted its write.")
        } else {
          try cut(segments, from: index, at: offset, because: .corruptRecord(segment: segment.name, offset: offset, reason: reason))
        }
        return (offset, false)
      }
    }
  }

  /// Refuses `damage`, or under `repair` cuts the journal there: the segment at `index` is
  /// truncated at `offset` (or set aside whole) and every later segment set aside.
  private mutating func cut(
    _ segments: [(firstSequence: UInt64, name: String)],
    from index: Int,
    at offset: Int? = nil,
    because damage: JournalError
  ) throws {
    guard options.repair else { throw damage }
    var setAside = segments[index...].map(\.name)
    if let offset {
      try truncate(segments[index].name, at: offset)
      setAside.removeFirst()
    }
    for name in setAside { try directory.rename(name, to: name + ".damaged") }
    try directory.synchronize()
    note("Repaired: \(damage) Cut the journal there\(setAside.isEmpty ? "" : " and set aside \(setAside.joined(separator: ", ")) as *.damaged").")
  }

  private func truncate(_ name: String, at offset: Int) throws(JournalError) {
    let file = try FileDescriptor.open(directory.file(name), O_WRONLY)
    defer { file.close() }
    try file.truncate(to: offset)
    try file.synchronize()
  }

  /// Whether `name` is shorter than a segment header and holds only what a crash while creating
  /// it could leave: a prefix of the header, or zeros.
  private func isTornCreation(_ name: String) throws(JournalError) -> Bool {
    let file = try FileDescriptor.open(directory.file(name), O_RDONLY)
    defer { file.close() }
    let bytes = try file.readAll()
    return bytes.count < SegmentHeader.size
      && (bytes.allSatisfy { $0 == 0 } || SegmentHeader.magic.starts(with: bytes.prefix(SegmentHeader.magic.count)))
  }

  private mutating func note(_ line: String) {
    changes.append(line)
    options.log(line)
  }
}
