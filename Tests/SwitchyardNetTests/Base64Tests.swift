import Testing
@testable import SwitchyardNet

/// RFC 4648 §10 test vectors, plus the strictness the handshake relies on.
@Suite struct Base64Tests {
  static let vectors: [(String, String)] = [
    ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"),
    ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
  ]

  @Test(arguments: vectors)
  func encodesTheRFCVectors(plain: String, encoded: String) {
    #expect(Base64.encode(Array(plain.utf8)) == encoded)
  }

  @Test(arguments: vectors)
  func decodesTheRFCVectors(plain: String, encoded: String) {
    #expect(Base64.decode(encoded) == Array(plain.utf8))
  }

  @Test func roundTripsEveryByteValue() {
    let bytes = (0...255).map(UInt8.init)
    for length in 0...bytes.count {
      #expect(Base64.decode(Base64.encode(bytes.prefix(length))) == Array(bytes.prefix(length)))
    }
  }

  @Test(arguments: [
    "Zg", "Zg=", "Zm9vY", // not a multiple of four
    "Zg==Zg==", // padding before the end
    "Z===", "====", // too much padding
    "Zm9v\n", "Zm 9v", "Zm9*", // characters outside the alphabet
    "Zh==", "Zm9=", // unused bits that are not zero: not canonical
    "Zm-_", // the URL-safe alphabet is a different encoding
  ])
  func rejectsNonCanonicalInput(text: String) {
    #expect(Base64.decode(text) == nil)
  }
}
