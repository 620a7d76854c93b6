import Dispatch
import Synchronization

/// The data directory's `HIGHWATER` file: how far its journal is known to have reached, so that
/// recovery refuses a directory whose segments were lost instead of serving what is left, or an
/// empty state (proto/JOURNAL.md, "HIGHWATER").
///
/// It only ever states lower bounds: a write that fails leaves an older, weaker file, never a wrong
/// one, so failing to raise it fails nothing else.
final class HighWaterMark: Sendable {
  static let fileName = "HIGHWATER"
  private static let segmentPrefix = "segment "
  private static let throughPrefix = "through "

  /// What the file says.
  struct Contents: Equatable {
    /// The first sequence of the newest segment ever created: the journal holds a segment that
    /// starts there or later.
    var segment: UInt64
    /// Every record through this one was durable: the journal reaches at least this far.
    var through: UInt64
  }

  /// How often at most ``recordsDurable(through:)`` rewrites the file.
  static let durableInterval: Int64 = 1_000_000_000

  private let directory: DataDirectory
  private let contents: Mutex<Contents>
  /// The durable record ``recordsDurable(through:)`` raises the file to next, when it may next,
  /// whether a raise is queued, and whether raises stopped with their journal.
  private let durable = Mutex<(through: UInt64, nextRaise: Int64, queued: Bool, stopped: Bool)>((0, 0, false, false))
  private let queue = DispatchQueue(label: "switchyard-highwater")

  /// The mark of `directory`, which says `contents` now.
  init(directory: DataDirectory, contents: Contents) {
    self.directory = directory
    self.contents = Mutex(contents)
  }

  /// What the file in `directory` says, or `nil` when it has none: a directory written before the
  /// file existed, or one whose journal was never created.
  static func read(_ directory: DataDirectory) throws(JournalError) -> Contents? {
    let path = directory.file(fileName)
    guard let bytes = try FileDescriptor.contents(ofFileAt: path) else { return nil }
    var found = Contents(segment: 0, through: 0)
    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
      if line.hasPrefix(segmentPrefix), let value = UInt64(line.dropFirst(segmentPrefix.count)) {
        found.segment = value
      } else if line.hasPrefix(throughPrefix), let value = UInt64(line.dropFirst(throughPrefix.count)) {
        found.through = value
      } else {
        throw .unreadableHighWaterMark(path: path)
      }
    }
    return found
  }

  /// Writes `contents` as the file of `directory`, atomically.
  static func write(_ contents: Contents, in directory: DataDirectory) throws(JournalError) {
    let text = segmentPrefix + String(contents.segment) + "\n" + throughPrefix + String(contents.through) + "\n"
    try directory.replace(fileName, with: Array(text.utf8))
  }

  /// Raises `through` to `sequence`, a record the writer just made durable, on a queue of its own
  /// and at most once a second: a segment cut short at a record's end reads as a clean end, and
  /// without the mark past it recovery would take the records cut away for none.
  func recordsDurable(through sequence: UInt64) {
    let now = SystemTime.monotonicNanoseconds()
    let delay = durable.withLock { durable -> Int64? in
      durable.through = max(durable.through, sequence)
      guard !durable.queued else { return nil }
      durable.queued = true
      let at = max(now, durable.nextRaise)
      durable.nextRaise = at + Self.durableInterval
      return at - now
    }
    // The raise takes whatever is durable when it runs: records made durable meanwhile wait for it,
    // the last of a burst included.
    guard let delay else { return }
    queue.asyncAfter(deadline: .now() + .nanoseconds(Int(delay))) { [self] in
      let through = durable.withLock { durable -> UInt64? in
        durable.queued = false
        return durable.stopped ? nil : durable.through
      }
      if let through { raise(through: through) }
    }
  }

  /// Stops the raises ``recordsDurable(through:)`` queued, once any under way is done: the journal
  /// is done with its directory, which another may open next.
  func stopRaising() {
    durable.withLock { $0.stopped = true }
    queue.sync {}
  }

  /// Raises `through` to `sequence`, every record through which is durable, and stops the raises
  /// ``recordsDurable(through:)`` queued: for a journal that closes.
  func close(durableThrough sequence: UInt64) {
    stopRaising()
    raise(through: sequence)
  }

  /// Raises the mark to a newest segment starting at `segment` and records durable through
  /// `through`, where either is higher than it says; a failed write is ignored (see the type).
  func raise(segment: UInt64 = 0, through: UInt64 = 0) {
    contents.withLock { contents in
      let raised = Contents(segment: max(contents.segment, segment), through: max(contents.through, through))
      guard raised != contents else { return }
      guard (try? Self.write(raised, in: directory)) != nil else { return }
      contents = raised
    }
  }
}
