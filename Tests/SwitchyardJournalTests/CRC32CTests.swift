import Testing

@testable import SwitchyardJournal

@Suite struct CRC32CTests {
  @Test func matchesTheStandardCheckValue() {
    #expect(CRC32C.checksum(Array("123456789".utf8)) == 0xE306_9283)
  }

  // RFC 3720 (iSCSI), appendix B.4.
  @Test func matchesTheRFC3720Vectors() {
    #expect(CRC32C.checksum([UInt8](repeating: 0, count: 32)) == 0x8A91_36AA)
    #expect(CRC32C.checksum([UInt8](repeating: 0xFF, count: 32)) == 0x62A8_AB43)
    #expect(CRC32C.checksum((0..<32).map { UInt8($0) }) == 0x46DD_794E)
    #expect(CRC32C.checksum((0..<32).map { UInt8(31 - $0) }) == 0x113F_DB5C)
  }

  @Test func emptyInputHasChecksumZero() {
    #expect(CRC32C.checksum([UInt8]()) == 0)
  }

  @Test func continuingOverPiecesEqualsTheWhole() {
    let bytes = (0..<1_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
    for split in [0, 1, 7, 8, 9, 500, 999, 1_000] {
      let head = bytes[..<split].withUnsafeBytes { CRC32C.checksum($0) }
      let whole = bytes[split...].withUnsafeBytes { CRC32C.checksum($0, continuing: head) }
      #expect(whole == CRC32C.checksum(bytes), "split at \(split)")
    }
  }

  @Test func theSoftwareTablesAgreeWithTheChecksumAtEveryLengthAndAlignment() {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<600).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    bytes.withUnsafeBytes { all in
      for start in 0..<9 {
        for length in Array(0..<40) + [63, 64, 65, 255, 256, 511, 591 - start] {
          let slice = UnsafeRawBufferPointer(rebasing: all[start..<start + length])
          #expect(CRC32C.softwareChecksum(slice) == CRC32C.checksum(slice), "start \(start), length \(length)")
          #expect(CRC32C.softwareChecksum(slice, continuing: 0x1234_5678) == CRC32C.checksum(slice, continuing: 0x1234_5678))
        }
      }
    }
    #expect(CRC32C.softwareChecksum(UnsafeRawBufferPointer(start: nil, count: 0), continuing: 7) == 7)
  }
}
