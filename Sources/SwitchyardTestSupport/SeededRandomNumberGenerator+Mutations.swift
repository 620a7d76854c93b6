import ComposableArchitecture

extension SeededRandomNumberGenerator {
  /// True with probability `percent` / 100: a fuzz's choices, replayable from its printed seed.
  public mutating func chance(_ percent: Int) -> Bool {
    Int.random(in: 0..<100, using: &self) < percent
  }
}

extension SeededRandomNumberGenerator {
  /// Flips one to four random bits of `bytes`, which must not be empty: the damage a bad cable, a
  /// bad disk or a bad buffer does, the first mutation of every fuzz here.
  public mutating func flipBits(in bytes: inout [UInt8]) {
    for _ in 0...Int.random(in: 0...3, using: &self) {
      bytes[Int.random(in: bytes.indices, using: &self)] ^= UInt8(1) << UInt8.random(in: 0...7, using: &self)
    }
  }

  /// Overwrites one random byte of `bytes`, which must not be empty, with a random value.
  public mutating func replaceByte(in bytes: inout [UInt8]) {
    bytes[Int.random(in: bytes.indices, using: &self)] = UInt8.random(in: 0...255, using: &self)
  }
}
