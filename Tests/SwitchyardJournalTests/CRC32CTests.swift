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
}
