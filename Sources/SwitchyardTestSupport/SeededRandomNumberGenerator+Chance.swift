import ComposableArchitecture

extension SeededRandomNumberGenerator {
  /// True with probability `percent` / 100: a fuzz's choices, replayable from its printed seed.
  public mutating func chance(_ percent: Int) -> Bool {
    Int.random(in: 0..<100, using: &self) < percent
  }
}
