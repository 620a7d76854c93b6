import Glibc

/// Reads a segment's records in order, in large reads, checking each one's checksum.
///
/// It tells damage it can prove from damage a crash could leave: a record cut short at the end of
/// the file with no sound record inside what it claims, or a damaged one followed by nothing but
/// zeros, may be a write the crash interrupted.
struct SegmentReader {
  /// What comes next in the segment.
  enum Next {
    case record(JournalRecord)
    /// The end of the file, after a whole record.
    case end
    /// A damaged or incomplete record at `offset`; `mayBeTorn` if only zeros or nothing follow it.
    case damaged(offset: Int, reason: String, mayBeTorn: Bool)
  }

  let name: String
  let firstSequence: UInt64
  let size: Int
  /// Why the header is damaged, when the reader was opened past it
  /// (``init(file:name:pastDamagedHeader:bufferSize:)``).
  private(set) var damagedHeader: String?
  /// Where the next record starts.
  private(set) var offset = SegmentHeader.size
  /// The sequence number of the last record read, one before the first until then.
  private var lastSequence: UInt64

  private let file: FileDescriptor
  private var buffer: [UInt8]
  // The buffer holds the file from `bufferStart`; it starts empty, just past the header.
  private var bufferStart = SegmentHeader.size
  private var bufferCount = 0

  /// Opens the segment `name` and reads its header; a header that is missing or wrong is damage
  /// at offset 0, unless the reader reads past it (`pastDamagedHeader`, as below).
  init(directory: DataDirectory, name: String, pastDamagedHeader named: UInt64? = nil, bufferSize: Int = 1 << 20) throws(JournalError) {
    try self.init(file: FileDescriptor.open(directory.file(name), O_RDONLY), name: name, pastDamagedHeader: named, bufferSize: bufferSize)
  }

  /// Reads the segment `name` already open as `file`, which the reader then owns (and closes on a
  /// throw).
  ///
  /// With `pastDamagedHeader`, the number its file name gives its first record, a header that is
  /// damaged or names another record is not thrown: the records are read after it, numbered from
  /// that one, and ``damagedHeader`` says what is wrong. A reader that needs none of the records
  /// before a later one has no use for the header but their numbering, which the name repeats.
  init(file: FileDescriptor, name: String, pastDamagedHeader named: UInt64? = nil, bufferSize: Int = 1 << 20) throws(JournalError) {
    let header: Result<UInt64, JournalError>
    do throws(JournalError) {
      self.size = try file.size()
      header = Result { () throws(JournalError) in try Self.readHeader(of: file, name: name) }
    } catch {
      file.close()
      throw error
    }
    switch (header, named) {
    case let (.success(first), named):
      firstSequence = named ?? first
      if let named, named != first { damagedHeader = "its header names record \(first), its file name record \(named)" }
    case let (.failure(.corruptRecord(_, _, reason)), named?):
      firstSequence = named
      damagedHeader = reason
    case let (.failure(error), _):
      file.close()
      throw error
    }
    self.file = file
    self.name = name
    self.lastSequence = firstSequence &- 1
    self.buffer = [UInt8](repeating: 0, count: bufferSize)
  }

  func close() {
    file.close()
  }

  private static func readHeader(of file: FileDescriptor, name: String) throws(JournalError) -> UInt64 {
    var header = [UInt8](repeating: 0, count: SegmentHeader.size)
    let count = try file.read(into: &header, at: 0)
    switch header.withUnsafeBytes({ SegmentHeader.decode(UnsafeRawBufferPointer(rebasing: $0[..<count])) }) {
    case let .success(first): return first
    case let .failure(failure): throw .corruptRecord(segment: name, offset: 0, reason: failure.reason)
    }
  }

  mutating func next() throws(JournalError) -> Next {
    while true {
      let start = offset - bufferStart
      let decoded = buffer.withUnsafeBytes { RecordLayout.decode(UnsafeRawBufferPointer(rebasing: $0[start..<bufferCount])) }
      switch decoded {
      case let .record(record, size):
        offset += size
        lastSequence = record.sequence
        return .record(record)
      case let .damaged(reason):
        // A length past the limit is itself the damage; only the header is known to be the record's.
        let needed = neededBytes(at: start)
        let claimedEnd = offset + (needed <= RecordLayout.headerSize + RecordLayout.maximumPayloadSize ? needed : RecordLayout.headerSize)
        return .damaged(offset: offset, reason: reason, mayBeTorn: try onlyZeros(from: claimedEnd))
      case .incomplete:
        if bufferStart + bufferCount >= size {
          if offset == size { return .end }
          // A flipped bit in a length field also sends a record past the end, over the records after it.
          return .damaged(offset: offset, reason: "the file ends inside it", mayBeTorn: !holdsSoundRecord(after: start))
        }
        try refill(needing: neededBytes(at: start))
      }
    }
  }

  /// Moves past the damage at ``offset`` to the first sound record after it numbered within
  /// `sequences` (and no further on than one per header's worth of bytes past the damage), so that
  /// ``next()`` reads it; returns its number, or `nil` when the file holds none.
  ///
  /// A candidate must decode whole with a matching checksum; its sequence number, checked first,
  /// rules out almost every offset without one. What lets a reader that needs none of the damaged
  /// records (a snapshot covers them) go on to the ones it does need.
  mutating func resynchronize(within sequences: ClosedRange<UInt64>) throws(JournalError) -> UInt64? {
    let damage = offset
    let highest = min(sequences.upperBound, sequences.lowerBound + UInt64((size - damage) / RecordLayout.headerSize))
    var position = damage + 1
    while position + RecordLayout.headerSize <= size {
      if position + RecordLayout.headerSize > bufferStart + bufferCount {
        offset = position
        try refill(needing: RecordLayout.headerSize)
      }
      let start = position - bufferStart
      let sequence = buffer.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: start + 8, as: UInt64.self)) }
      let needed = neededBytes(at: start)
      if sequence >= sequences.lowerBound, sequence <= highest, needed <= RecordLayout.headerSize + RecordLayout.maximumPayloadSize,
        position + needed <= size
      {
        if position + needed > bufferStart + bufferCount {
          offset = position
          try refill(needing: needed)
        }
        let candidate = position - bufferStart
        if case .record = buffer.withUnsafeBytes({ RecordLayout.decode(UnsafeRawBufferPointer(rebasing: $0[candidate..<bufferCount])) }) {
          offset = position
          lastSequence = sequence - 1
          return sequence
        }
      }
      position += 1
    }
    // Back at the damage, the buffer emptied: reading on finds the same damage again.
    (offset, bufferStart, bufferCount) = (damage, damage, 0)
    return nil
  }

  /// Whether a whole record numbered after the last one read lies in the buffer past the header at
  /// `start`, which runs to the end of the file: a write the crash interrupted leaves nothing sound
  /// after it, so one there proves that record's length field damaged, not its write torn.
  private func holdsSoundRecord(after start: Int) -> Bool {
    buffer.withUnsafeBytes { bytes in
      // Each record takes a header at least: no more can follow than fit. The sequence number is
      // checked first, as it rules out almost every offset without a checksum.
      let most = UInt64((bufferCount - start) / RecordLayout.headerSize)
      var position = start + RecordLayout.headerSize
      while position + RecordLayout.headerSize <= bufferCount {
        let sequence = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: position + 8, as: UInt64.self))
        if sequence > lastSequence, sequence - lastSequence <= most,
          case .record = RecordLayout.decode(UnsafeRawBufferPointer(rebasing: bytes[position..<bufferCount]))
        {
          return true
        }
        position += 1
      }
      return false
    }
  }

  /// How many bytes the record at `start` in the buffer needs, as far as its header tells.
  private func neededBytes(at start: Int) -> Int {
    guard bufferCount - start >= RecordLayout.headerSize else { return RecordLayout.headerSize }
    let length = buffer.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: start, as: UInt32.self)) }
    return RecordLayout.headerSize + Int(length)
  }

  /// Moves the unread bytes to the front and reads more after them.
  private mutating func refill(needing needed: Int) throws(JournalError) {
    let unread = bufferStart + bufferCount - offset
    if needed > buffer.count { buffer += [UInt8](repeating: 0, count: needed - buffer.count) }
    let start = offset - bufferStart
    buffer.withUnsafeMutableBytes { bytes in
      bytes.baseAddress!.copyMemory(from: bytes.baseAddress! + start, byteCount: unread)
    }
    let fileOffset = offset + unread
    let read = try file.read(into: &buffer, from: unread, at: fileOffset)
    bufferStart = offset
    bufferCount = unread + read
  }

  /// Whether the file holds nothing but zeros from `position` on.
  private func onlyZeros(from position: Int) throws(JournalError) -> Bool {
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    var position = position
    while position < size {
      let count = try file.read(into: &chunk, at: position)
      if count == 0 { break }
      if chunk[..<count].contains(where: { $0 != 0 }) { return false }
      position += count
    }
    return true
  }
}
