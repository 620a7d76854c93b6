import SwitchyardTestSupport
import Testing
@testable import SwitchyardNet

/// FIPS 180-4 example vectors (NIST CSRC "SHA1.pdf" and the FIPS 180-2 appendix).
@Suite struct SHA1Tests {
  private func hex(_ bytes: [UInt8]) -> String {
    bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
  }

  @Test func oneBlockMessage() {
    #expect(hex(SHA1.hash(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
  }

  @Test func twoBlockMessageOf448Bits() {
    let message = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
    #expect(hex(SHA1.hash(Array(message.utf8))) == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
  }

  @Test func messageOf896Bits() {
    let message = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
    #expect(hex(SHA1.hash(Array(message.utf8))) == "a49b2446a02c645bf419f995b67091253a04a259")
  }

  @Test(.onAThreadOfItsOwn) func oneMillionRepetitionsOfA() {
    #expect(hex(SHA1.hash(repeatElement(UInt8(ascii: "a"), count: 1_000_000))) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
  }

  @Test func emptyMessage() {
    #expect(hex(SHA1.hash([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
  }

  @Test func feedingInPiecesEqualsHashingAtOnce() {
    let message = Array((0..<1000).map { UInt8(truncatingIfNeeded: $0 * 7) })
    var sha = SHA1()
    for chunk in stride(from: 0, to: message.count, by: 37) {
      sha.update(message[chunk..<min(chunk + 37, message.count)])
    }
    #expect(sha.finalize() == SHA1.hash(message))
  }

  /// Padding edge cases: 55 bytes fit the length in one block, 56 and 64 need a second one.
  @Test(arguments: [55, 56, 63, 64, 65])
  func lengthsAroundTheBlockBoundary(length: Int) {
    let expected = [
      55: "c1c8bbdc22796e28c0e15163d20899b65621d65a",
      56: "c2db330f6083854c99d4b5bfb6e8f29f201be699",
      63: "03f09f5b158a7a8cdad920bddc29b81c18a551f5",
      64: "0098ba824b5c16427bd7a1122a5a442a25ec644d",
      65: "11655326c708d70319be2610e8a57d9a5b959d3b",
    ]
    #expect(hex(SHA1.hash(Array(repeating: UInt8(ascii: "a"), count: length))) == expected[length])
  }
}
