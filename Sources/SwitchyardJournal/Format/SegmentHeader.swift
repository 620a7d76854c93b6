/// The 16 bytes that open every segment file: a magic number and the sequence number of the
/// segment's first record, which its file name repeats.
enum SegmentHeader {
  static let size = 16
  static let magic: [UInt8] = Array("SYJRNL01".utf8)

  static func encode(firstSequence: UInt64) -> [UInt8] {
    var bytes = magic
    withUnsafeBytes(of: firstSequence.littleEndian) { bytes.append(contentsOf: $0) }
    return bytes
  }

  /// The first sequence the header names, or why it is not a segment header.
  static func decode(_ bytes: UnsafeRawBufferPointer) -> Result<UInt64, HeaderError> {
    guard bytes.count >= size else { return .failure(HeaderError(reason: "it is shorter than a segment header")) }
    guard bytes.prefix(magic.count).elementsEqual(magic) else {
      return .failure(HeaderError(reason: "it does not start with a segment's magic number"))
    }
    return .success(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
  }

  struct HeaderError: Error {
    let reason: String
  }
}
