import Glibc

/// The segment records are appended to, and the rotation to a new one once it is full.
///
/// Used only by the journal's writer thread.
struct SegmentAppender {
  private let directory: DataDirectory
  private let segmentSize: Int
  private var file: FileDescriptor
  private(set) var size: Int

  /// Continues the segment `name`, whose valid records end at `size` bytes.
  init(directory: DataDirectory, continuing name: String, size: Int, segmentSize: Int) throws(JournalError) {
    self.directory = directory
    self.segmentSize = segmentSize
    self.file = try FileDescriptor.open(directory.file(name), O_WRONLY | O_APPEND)
    self.size = size
  }

  /// Starts a new segment whose first record will be `firstSequence`.
  init(directory: DataDirectory, startingAt firstSequence: UInt64, segmentSize: Int) throws(JournalError) {
    self.directory = directory
    self.segmentSize = segmentSize
    self.file = try Self.create(in: directory, firstSequence: firstSequence)
    self.size = SegmentHeader.size
  }

  /// Writes `records`, whose first is `firstSequence`, starting a new segment first if this one is full.
  mutating func write(_ records: [UInt8], firstSequence: UInt64) throws(JournalError) {
    guard !records.isEmpty else { return }
    if size >= segmentSize {
      // The old segment is made durable before any record of the new one can be called durable,
      // so recovery never finds a hole behind a durable record.
      try file.synchronizeData()
      let next = try Self.create(in: directory, firstSequence: firstSequence)
      file.close()
      file = next
      size = SegmentHeader.size
    }
    try file.write(records)
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
      throw error
    }
    return file
  }
}
