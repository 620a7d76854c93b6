import SwitchyardLog
import Glibc

/// Opens a data directory's journal for appending: restores the newest sound snapshot, replays
/// and checks every record after it, and cuts a torn tail (proto/JOURNAL.md, "Recovery").
///
/// Damage anywhere but the tail stops recovery with the file and offset, and nothing is changed
/// unless the options say `repair`: then the journal is cut there and what follows set aside.
/// Damage to records the snapshot covers is read past instead, with a warning: the state needs
/// only the records after it.
struct JournalRecovery {
  let directory: DataDirectory
  let options: JournalOptions
  private var changes: [String] = []
  /// Whether a repair cut the journal: what it set aside is why the journal ends early.
  private var isCut = false
  /// Every record through this one was durable (`HIGHWATER`): damage to one of them at the end of
  /// the journal is no crash's torn write.
  private var durableThrough: UInt64 = 0

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
    durableThrough = try HighWaterMark.read(directory)?.through ?? 0
    for name in try directory.names() where DataDirectory.entry(named: name) == .unfinishedSnapshot {
      try directory.remove(name)
      note("Removed \(name), a snapshot whose writing was interrupted.", file: name)
    }
    let store = SnapshotStore(directory: directory)
    var older = try limit.flatMap { limit throws(JournalError) in try store.newest(atOrBefore: limit, among: options.snapshotsKept) }
    if let from = older?.sequence, let unreadable = try unreadableRecords(after: from) {
      note(
        "Recovered from the newest snapshot rather than the snapshot of record \(from) asked for (to make again effects "
          + "in flight before the newest): \(unreadable.finding) The newest snapshot covers those records.",
        level: .warning)
      older = nil
    }
    let snapshot = try older ?? store.newest(setAside: options.repair) { note($0, file: $1) }
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

    let last = segments.isEmpty ? 0 : expected - 1
    if last >= covered, !isCut,
      let lost = try lostRecords(segments: segments, last: last, snapshot: snapshot.map { _ in snapshotName }, covered: covered)
    {
      guard options.repair else { throw lost }
      note("Repaired: \(lost.finding) Continuing from what remains.")
    }
    if last < covered {
      guard options.repair else { throw JournalError.snapshotAheadOfJournal(snapshot: snapshotName, sequence: covered, journalEnd: last) }
      note("Repaired: the journal ends at record \(last) but \(snapshotName) covers up to \(covered); continuing from the snapshot.", file: snapshotName)
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

  /// The loss of records the journal is known to have held, if any: a snapshot or a `HIGHWATER`
  /// file with no segment at all (a lost segment must never recover as an empty state), a newest
  /// segment older than the newest ever created, or a journal ending before records known durable.
  /// A snapshot covering records the journal lacks is checked after, by the caller.
  private func lostRecords(
    segments: [(firstSequence: UInt64, name: String)],
    last: UInt64,
    snapshot: String?,
    covered: UInt64
  ) throws(JournalError) -> JournalError? {
    let mark = try HighWaterMark.read(directory)
    let evidence: String
    if let newest = segments.last {
      guard let mark else { return nil }
      if newest.firstSequence < mark.segment {
        evidence = "a segment starting at record \(mark.segment) was created (\(HighWaterMark.fileName)), but the newest "
          + "segment left is \(newest.name)"
      } else if last < mark.through {
        evidence = "records through \(mark.through) were durable (\(HighWaterMark.fileName)), but the journal ends at record \(last)"
      } else {
        return nil
      }
    } else if let snapshot, covered == 0 {
      evidence = "it holds \(snapshot), which only a created journal writes, but no journal segment"
    } else if let mark, snapshot == nil {
      evidence = "its \(HighWaterMark.fileName) file says a journal reached record \(mark.through), but no journal segment remains"
    } else {
      // No segment and a later snapshot: the snapshot-ahead check names both numbers.
      return nil
    }
    return .recordsLost(directory: directory.path, evidence: evidence)
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
    // A segment that starts with records the snapshot covers needs its header for nothing but
    // their numbering, which its name repeats.
    let pastHeader = segment.firstSequence <= covered ? segment.firstSequence : nil
    var records: SegmentReader
    switch Result(catching: { () throws(JournalError) in
      try SegmentReader(directory: directory, name: segment.name, pastDamagedHeader: pastHeader)
    }) {
    case let .success(reader):
      records = reader
    case let .failure(.corruptRecord(name, offset, reason)):
      if isLast, segment.firstSequence > durableThrough, try isTornCreation(segment.name) {
        try directory.remove(segment.name)
        note("Removed \(segment.name): a crash interrupted its creation before it held a record.", file: segment.name)
        return (nil, false)
      }
      try cut(segments, from: index, because: .corruptRecord(segment: name, offset: offset, reason: reason))
      return (nil, false)
    case let .failure(error):
      throw error
    }
    defer { records.close() }
    if let damagedHeader = records.damagedHeader {
      notePastDamage(in: segment.name, at: 0, reason: damagedHeader, unreadable: nil, covered: covered)
    }
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
          try cut(segments, from: index, at: start, record: expected, because: .corruptRecord(segment: segment.name, offset: start, reason: reason))
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
        // The snapshot covers the damaged record: the state needs the records after the snapshot
        // only, so recovery goes on from the first sound record past the damage. Unless none
        // follows while records after the snapshot should: that is damage the state needs. Nor
        // when bytes other than zeros follow: `HIGHWATER` lags the records appended since the
        // snapshot, which they may have been, so they are refused as any damage is.
        if expected <= covered {
          // Only the segment that holds record covered + 1 holds records the snapshot covers.
          if let found = try records.resynchronize(within: expected...(covered + 1)) {
            notePastDamage(in: segment.name, at: offset, reason: reason, unreadable: expected..<found, covered: covered)
            expected = found
            continue
          }
          if mayBeTorn, try !recordsFollowSnapshot(covered, segments, at: index) {
            notePastDamage(in: segment.name, at: offset, reason: reason, unreadable: expected..<(covered + 1), covered: covered)
            expected = covered + 1
            // Appending starts a segment of its own after the snapshot, the damage left in place.
            return (nil, false)
          }
        }
        if isLast && mayBeTorn && expected > durableThrough {
          // A crash's torn write, or an acknowledged record gone bad on disk: the two look alike,
          // so what is cut is kept, unless it is zeros only.
          let kept = try holdsData(segment.name, from: offset) ? try setAsideTail(of: segment.name, from: offset, record: expected) : nil
          try truncate(segment.name, at: offset)
          note(
            "Cut a torn record off the end of \(segment.name) at byte \(offset) (\(reason)): a crash interrupted its write"
              + (kept.map { "; its bytes are kept in \($0)." } ?? "."),
            file: segment.name)
        } else {
          let known = expected <= durableThrough ? "; record \(expected) was durable (\(HighWaterMark.fileName)), so this is no torn write" : ""
          try cut(segments, from: index, at: offset, record: expected, because: .corruptRecord(segment: segment.name, offset: offset, reason: reason + known))
        }
        return (offset, false)
      }
    }
  }

  /// Refuses `damage`, or under `repair` cuts the journal there: the bytes of the segment at
  /// `index` from `offset` on, where record `record` belongs, are copied to a `*.damaged` file and
  /// cut off (or the whole segment is set aside), and every later segment is set aside.
  private mutating func cut(
    _ segments: [(firstSequence: UInt64, name: String)],
    from index: Int,
    at offset: Int? = nil,
    record: UInt64 = 0,
    because damage: JournalError
  ) throws {
    guard options.repair else { throw damage }
    isCut = true
    var setAside: [String] = []
    var renamed = segments[index...].map(\.name)
    if let offset {
      let name = renamed.removeFirst()
      setAside.append(try setAsideTail(of: name, from: offset, record: record))
      try truncate(name, at: offset)
    }
    for name in renamed {
      let damagedName = directory.unusedName(name + SetAsideRecords.suffix)
      try directory.rename(name, to: damagedName)
      setAside.append(damagedName)
    }
    try directory.synchronize()
    note("Repaired: \(damage.finding) Cut the journal there and set aside \(setAside.joined(separator: ", ")).")
  }

  /// Copies the bytes of the segment `name` from `offset` on to a file of their own, fsynced before
  /// the segment is cut: what a repair cuts stays readable (``SetAsideRecords``). Returns its name.
  private func setAsideTail(of name: String, from offset: Int, record: UInt64) throws(JournalError) -> String {
    let source = try FileDescriptor.open(directory.file(name), O_RDONLY)
    defer { source.close() }
    var tail = [UInt8](repeating: 0, count: max(0, try source.size() - offset))
    tail.removeLast(tail.count - (try source.read(into: &tail, at: offset)))
    let tailName = directory.unusedName(name + ".from-\(record)" + SetAsideRecords.suffix)
    let copy = try FileDescriptor.open(directory.file(tailName), O_WRONLY | O_CREAT | O_EXCL)
    defer { copy.close() }
    try copy.write(tail)
    try copy.synchronize()
    return tailName
  }

  /// Whether the segment `name` holds a byte other than zero from `offset` on.
  private func holdsData(_ name: String, from offset: Int) throws(JournalError) -> Bool {
    let file = try FileDescriptor.open(directory.file(name), O_RDONLY)
    defer { file.close() }
    var tail = [UInt8](repeating: 0, count: max(0, try file.size() - offset))
    tail.removeLast(tail.count - (try file.read(into: &tail, at: offset)))
    return tail.contains { $0 != 0 }
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

  /// Records a change recovery made, or damage it read past, about `file` when it is one file.
  mutating func note(_ line: String, file: String? = nil, level: LogLevel = .info) {
    changes.append(line)
    options.log(LogEvent(level, line, fields: file.map { [.string("file", $0)] } ?? []))
  }
}
