/// How a record is laid out in a segment (proto/JOURNAL.md, "Records"): a 24-byte header of
/// little-endian fields, then the payload.
///
/// ```
/// 0  u32 payload length   4  u32 CRC-32C   8  u64 sequence   16  i64 timestamp (ns)   24  payload
/// ```
/// The checksum covers every byte of the record except itself.
enum RecordLayout {
  static let headerSize = 24
  /// The largest payload a record may carry; a larger length field is damage, not data.
  static let maximumPayloadSize = 64 << 20

  /// A header's bytes before its fields are known.
  private static let blankHeader = [UInt8](repeating: 0, count: headerSize)

  /// Appends the record to `buffer`.
  static func encode(sequence: UInt64, timestampNanoseconds: Int64, payload: UnsafeRawBufferPointer, into buffer: inout [UInt8]) {
    // The caller has checked the size: this payload cannot be too large.
    try! frame(sequence: sequence, timestampNanoseconds: timestampNanoseconds, into: &buffer) { $0.append(contentsOf: payload) }
  }

  /// Appends a record whose payload `writePayload` appends to `buffer` after the header, which is
  /// then filled in: the payload is written once, where it is encoded.
  ///
  /// Throws what `writePayload` throws, or `payloadTooLarge`; either way the bytes appended are
  /// left for the caller to take back.
  static func frame(
    sequence: UInt64,
    timestampNanoseconds: Int64,
    into buffer: inout [UInt8],
    writePayload: (inout [UInt8]) throws -> Void
  ) throws {
    let start = buffer.count
    buffer.append(contentsOf: blankHeader)
    try writePayload(&buffer)
    let length = buffer.count - start - headerSize
    guard length <= maximumPayloadSize else { throw JournalError.payloadTooLarge(size: length, limit: maximumPayloadSize) }
    buffer.withUnsafeMutableBytes { bytes in
      let record = UnsafeMutableRawBufferPointer(rebasing: bytes[start...])
      record.storeBytes(of: UInt32(length).littleEndian, toByteOffset: 0, as: UInt32.self)
      record.storeBytes(of: sequence.littleEndian, toByteOffset: 8, as: UInt64.self)
      record.storeBytes(of: timestampNanoseconds.littleEndian, toByteOffset: 16, as: Int64.self)
      record.storeBytes(of: checksum(of: UnsafeRawBufferPointer(record)).littleEndian, toByteOffset: 4, as: UInt32.self)
    }
  }

  /// What the bytes at the start of `bytes` hold.
  enum Decoded {
    /// A whole record whose checksum matches, `size` bytes long.
    case record(JournalRecord, size: Int)
    /// Fewer bytes than the record's header or its length field says.
    case incomplete
    /// A length field past the limit or a checksum that does not match.
    case damaged(String)
  }

  static func decode(_ bytes: UnsafeRawBufferPointer) -> Decoded {
    guard bytes.count >= headerSize else { return .incomplete }
    let length = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 0, as: UInt32.self)))
    guard length <= maximumPayloadSize else {
      return .damaged("its length field says \(length) bytes, more than the \(maximumPayloadSize)-byte limit")
    }
    guard bytes.count >= headerSize + length else { return .incomplete }
    let record = UnsafeRawBufferPointer(rebasing: bytes[..<(headerSize + length)])
    let stored = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
    guard stored == checksum(of: record) else { return .damaged("its CRC-32C checksum does not match its bytes") }
    return .record(
      JournalRecord(
        sequence: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)),
        timestampNanoseconds: Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: 16, as: Int64.self)),
        payload: Array(UnsafeRawBufferPointer(rebasing: record[headerSize...]))
      ),
      size: headerSize + length
    )
  }

  /// The checksum of a whole record: its bytes before and after the checksum field.
  private static func checksum(of record: UnsafeRawBufferPointer) -> UInt32 {
    let head = CRC32C.checksum(UnsafeRawBufferPointer(rebasing: record[0..<4]))
    return CRC32C.checksum(UnsafeRawBufferPointer(rebasing: record[8...]), continuing: head)
  }
}
