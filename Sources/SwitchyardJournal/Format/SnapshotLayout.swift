/// How a snapshot file is laid out (proto/JOURNAL.md, "Snapshots"): a 40-byte header of
/// little-endian fields, then the state.
///
/// ```
/// 0 magic "SYSNAP01"  8 u64 sequence  16 i64 timestamp (ns)  24 u64 state length  32 u32 CRC-32C
/// 36 u32 application version (0 before format 4: version 1)
/// ```
/// The checksum covers bytes 8..<32, the state, and the version when it is not 0, so a snapshot
/// written before the field existed checks as it did.
enum SnapshotLayout {
  static let headerSize = 40
  static let magic: [UInt8] = Array("SYSNAP01".utf8)

  static func encode(_ snapshot: JournalSnapshot) -> [UInt8] {
    var bytes = magic
    bytes.reserveCapacity(headerSize + snapshot.state.count)
    withUnsafeBytes(of: snapshot.sequence.littleEndian) { bytes.append(contentsOf: $0) }
    withUnsafeBytes(of: snapshot.timestampNanoseconds.littleEndian) { bytes.append(contentsOf: $0) }
    withUnsafeBytes(of: UInt64(snapshot.state.count).littleEndian) { bytes.append(contentsOf: $0) }
    let version = UInt32(snapshot.applicationVersion)
    let checksum = snapshot.state.withUnsafeBytes { state in
      bytes.withUnsafeBytes { header in
        Self.checksum(header: UnsafeRawBufferPointer(rebasing: header[8..<32]), state: state, version: version)
      }
    }
    withUnsafeBytes(of: checksum.littleEndian) { bytes.append(contentsOf: $0) }
    withUnsafeBytes(of: version.littleEndian) { bytes.append(contentsOf: $0) }
    bytes.append(contentsOf: snapshot.state)
    return bytes
  }

  /// The snapshot in `bytes`, or why they are not one.
  static func decode(_ bytes: [UInt8]) -> Result<JournalSnapshot, LayoutError> {
    bytes.withUnsafeBytes { raw in
      guard raw.count >= headerSize, raw.prefix(magic.count).elementsEqual(magic) else {
        return .failure(LayoutError(reason: "it does not start with a snapshot header"))
      }
      let sequence = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
      let timestamp = Int64(littleEndian: raw.loadUnaligned(fromByteOffset: 16, as: Int64.self))
      let length = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self))
      guard length == UInt64(raw.count - headerSize) else {
        return .failure(LayoutError(reason: "its header says \(length) bytes of state but the file holds \(raw.count - headerSize)"))
      }
      let stored = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 32, as: UInt32.self))
      let version = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 36, as: UInt32.self))
      let state = UnsafeRawBufferPointer(rebasing: raw[headerSize...])
      guard stored == checksum(header: UnsafeRawBufferPointer(rebasing: raw[8..<32]), state: state, version: version) else {
        return .failure(LayoutError(reason: "its CRC-32C checksum does not match its bytes"))
      }
      return .success(
        JournalSnapshot(
          sequence: sequence, timestampNanoseconds: timestamp, state: Array(state), applicationVersion: Int(max(1, version))
        )
      )
    }
  }

  private static func checksum(header: UnsafeRawBufferPointer, state: UnsafeRawBufferPointer, version: UInt32) -> UInt32 {
    let checksum = CRC32C.checksum(state, continuing: CRC32C.checksum(header))
    guard version != 0 else { return checksum }
    return withUnsafeBytes(of: version.littleEndian) { CRC32C.checksum($0, continuing: checksum) }
  }

  struct LayoutError: Error {
    let reason: String
  }
}
