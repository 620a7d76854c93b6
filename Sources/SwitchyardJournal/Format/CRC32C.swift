import CSwitchyardCRC32C

/// CRC-32C (Castagnoli, reflected polynomial 0x82F63B78), the checksum of every journal record.
///
/// The CPU's instruction where it has one (x86-64 with SSE 4.2), several times the speed of the
/// tables; otherwise slicing-by-8: eight bytes per step through eight tables, several times the
/// speed of the byte-at-a-time loop, which it still uses for the last few bytes.
package enum CRC32C {
  private static let hardwareIsAvailable = switchyard_crc32c_hardware_available() != 0

  private static let tables: [UInt32] = {
    var tables = [UInt32](repeating: 0, count: 8 * 256)
    for byte in 0..<256 {
      var crc = UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1 }
      tables[byte] = crc
    }
    for slice in 1..<8 {
      for byte in 0..<256 {
        let previous = tables[(slice - 1) * 256 + byte]
        tables[slice * 256 + byte] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
      }
    }
    return tables
  }()

  /// The checksum of `bytes`, continuing from `checksum` when the data comes in pieces.
  package static func checksum(_ bytes: UnsafeRawBufferPointer, continuing checksum: UInt32 = 0) -> UInt32 {
    guard hardwareIsAvailable, let base = bytes.baseAddress else {
      return softwareChecksum(bytes, continuing: checksum)
    }
    return ~switchyard_crc32c_hardware_extend(~checksum, base, bytes.count)
  }

  /// The checksum by slicing-by-8, whatever the CPU; tests hold the instruction to it.
  static func softwareChecksum(_ bytes: UnsafeRawBufferPointer, continuing checksum: UInt32 = 0) -> UInt32 {
    tables.withUnsafeBufferPointer { table in
      var crc = ~checksum
      guard var pointer = bytes.baseAddress else { return checksum }
      var remaining = bytes.count
      while remaining >= 8 {
        let word = pointer.loadUnaligned(as: UInt64.self).littleEndian
        let low = UInt32(truncatingIfNeeded: word) ^ crc
        let high = UInt32(truncatingIfNeeded: word >> 32)
        crc = table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int((low >> 8) & 0xFF)]
          ^ table[5 * 256 + Int((low >> 16) & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
          ^ table[3 * 256 + Int(high & 0xFF)] ^ table[2 * 256 + Int((high >> 8) & 0xFF)]
          ^ table[1 * 256 + Int((high >> 16) & 0xFF)] ^ table[Int(high >> 24)]
        pointer += 8
        remaining -= 8
      }
      while remaining > 0 {
        crc = table[Int((crc ^ UInt32(pointer.load(as: UInt8.self))) & 0xFF)] ^ (crc >> 8)
        pointer += 1
        remaining -= 1
      }
      return ~crc
    }
  }

  /// The checksum of `bytes`.
  package static func checksum(_ bytes: some Collection<UInt8>) -> UInt32 {
    if let checksum = bytes.withContiguousStorageIfAvailable({ Self.checksum(UnsafeRawBufferPointer($0)) }) {
      return checksum
    }
    return Array(bytes).withUnsafeBytes { Self.checksum($0) }
  }
}
