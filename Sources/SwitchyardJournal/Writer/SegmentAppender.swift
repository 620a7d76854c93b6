import Glibc

/// The segment records are appended to, and the rotation to a new one once it is full.
///
/// Used only by the journal's writer thread.
struct SegmentAppender {
  private let directory: DataDirectory
  private let segmentSize: Int
  private var file: FileDescriptor
  private(set) var size: Int
  /// The sequence number the segment being appended to starts at.
  private(set) var firstSequence: UInt64
  /// Raised to each new segment as it is created, so that losing it is never silent.
  var highWaterMark: HighWaterMark?

  /// Continues the segment `name`, whose valid records end at `size` bytes.
  init(directory: DataDirectory, continuing name: String, size: Int, segmentSize: Int) throws(JournalError) {
    self.directory = directory
    self.segmentSize = segmentSize
    self.file = try FileDescriptor.open(directory.file(name), O_WRONLY | O_APPEND)
    self.size = size
    guard case let .segment(first) = DataDirectory.entry(named: name) else { preconditionFailure("\(name) is not a segment") }
    self.firstSequence = first
  }

  /// Starts a new segment whose first record will be `firstSequence`.
  init(directory: DataDirectory, startingAt firstSequence: UInt64, segmentSize: Int) throws(JournalError) {
    self.directory = directory
    self.segmentSize = segmentSize
    self.file = try Self.create(in: directory, firstSequence: firstSequence)
    self.size = SegmentHeader.size
    self.firstSequence = firstSequence
  }

  /// Writes `records`, whose first is `firstSequence`, starting a new segment first if this one is full.
  ///
  /// A write that fails leaves the segments as they were: the part written is cut off again, and a
  /// segment it was creating is removed; so the same records can be written again later (after a
  /// full disk frees), unless the cut itself fails, which throws that failure instead.
  mutating func write(_ records: [UInt8], firstSequence: UInt64) throws(JournalError) {
    guard !records.isEmpty else { return }
    // A segment holding no record yet is never full: its successor would start at the same record.
    if size >= segmentSize, size > SegmentHeader.size {
      // The old segment is made durable before any record of the new one can be called durable,
      // so recovery never finds a hole behind a durable record.
      try file.synchronizeData()
      let next = try Self.create(in: directory, firstSequence: firstSequence)
      file.close()
      file = next
      size = SegmentHeader.size
      self.firstSequence = firstSequence
      highWaterMark?.raise(segment: firstSequence, through: firstSequence - 1)
    }
    do {
      try file.write(records)
    } catch {
      try file.truncate(to: size)
      throw error
    }
    size += records.count
  }

  func synchronize() throws(JournalError) {
    try file.synchronizeData()
  }

  func close() {
    file.close()
  }

  private static func create(in directory: DataDirectory, firstSequence: UInt64) throws(JournalError) -> FileDescriptor {
    let file = try FileDescriptor.open(
      directory.file(DataDirectory.segmentName(firstSequence: firstSequence)),
      O_WRONLY | O_APPEND | O_CREAT | O_EXCL
    )
    do {
      try file.write(SegmentHeader.encode(firstSequence: firstSequence))
      try file.synchronizeData()
      try directory.synchronize()
    } catch {
      file.close()
      // Created here (O_EXCL): nothing else is in it, and a retry creates it again.
      try? directory.remove(DataDirectory.segmentName(firstSequence: firstSequence))
      throw error
    }
    return file
  }
}
