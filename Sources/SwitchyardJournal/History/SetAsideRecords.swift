import Glibc

/// The records a repair set aside, read back from a `*.damaged` file: the tail it cut off a
/// segment at a damaged record (`<segment>.from-<N>.damaged`, record N on), or a whole segment it
/// renamed (proto/JOURNAL.md, "Recovery", step 6).
///
/// The file's damage is skipped byte by byte: a record is taken wherever its header names a
/// plausible sequence number, later than the last one taken, and its checksum matches, so every
/// sound record after the damage is found.
public struct SetAsideRecords: Sendable {
  /// What a set-aside file's name ends with.
  static let suffix = ".damaged"

  /// The sound records found, in the order they lie in the file.
  public var records: [JournalRecord]
  /// How many of the file's bytes belong to no sound record: the damage.
  public var unreadableBytes: Int

  /// Reads the set-aside file at `path`.
  public init(path: String) throws(JournalError) {
    let file = try FileDescriptor.open(path, O_RDONLY)
    defer { file.close() }
    let bytes = try file.readAll()
    var position = 0
    // A whole segment keeps its header; a tail's name says which record it starts at.
    var next = Self.firstRecord(named: path)
    if bytes.count >= SegmentHeader.size, bytes.starts(with: SegmentHeader.magic) {
      if case let .success(first) = bytes.withUnsafeBytes({ SegmentHeader.decode($0) }) { next = first }
      position = SegmentHeader.size
    }
    records = []
    unreadableBytes = 0
    // No record can name a sequence further on than one per header's worth of bytes.
    let ceiling = next + UInt64(bytes.count / RecordLayout.headerSize)
    bytes.withUnsafeBytes { raw in
      while position < raw.count {
        let rest = UnsafeRawBufferPointer(rebasing: raw[position...])
        if rest.count >= RecordLayout.headerSize,
          case let sequence = UInt64(littleEndian: rest.loadUnaligned(fromByteOffset: 8, as: UInt64.self)),
          sequence >= next, sequence <= ceiling,
          case let .record(record, size) = RecordLayout.decode(rest)
        {
          records.append(record)
          next = record.sequence + 1
          position += size
        } else {
          unreadableBytes += 1
          position += 1
        }
      }
    }
  }

  /// The record a tail's name says it starts at (`.from-N.damaged`, or `.from-N.K.damaged` when
  /// the name was taken), or 1.
  private static func firstRecord(named path: String) -> UInt64 {
    guard let marker = path.ranges(of: ".from-").last else { return 1 }
    return UInt64(path[marker.upperBound...].prefix { $0.isNumber }) ?? 1
  }
}
