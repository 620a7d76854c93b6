import ComposableArchitecture
import SwitchyardTestSupport

extension SeededRandomNumberGenerator {
  /// `payload` with a few bytes flipped, replaced, cut or inserted, and the name of what was done.
  mutating func mutate(bytes payload: [UInt8]) -> ([UInt8], String) {
    var bytes = payload
    switch Int.random(in: 0..<5, using: &self) {
    case 0:
      flipBits(in: &bytes)
      return (bytes, "bit flips")
    case 1:
      replaceByte(in: &bytes)
      return (bytes, "random byte")
    case 2:
      return (Array(bytes.prefix(Int.random(in: 1..<bytes.count, using: &self))), "truncated")
    case 3:
      let cut = Int.random(in: bytes.indices, using: &self)
      bytes.removeSubrange(cut..<min(bytes.count, cut + Int.random(in: 1...8, using: &self)))
      return (bytes.isEmpty ? [UInt8(ascii: " ")] : bytes, "bytes removed")
    default:
      let at = Int.random(in: 0...bytes.count, using: &self)
      bytes.insert(contentsOf: ControlRequestMutator.strangeBytes.randomElement(using: &self)!, at: at)
      return (bytes, "bytes inserted")
    }
  }

  /// One structural mutation of a random value in `tree`, and its name.
  mutating func mutate(_ tree: FuzzJSON) -> (FuzzJSON, String) {
    let index = Int.random(in: 0..<tree.count, using: &self)
    let (node, depth) = tree.node(at: index)
    switch Int.random(in: 0..<10, using: &self) {
    case 0:
      return (tree.replacing(index) { _ in ControlRequestMutator.otherTypes.randomElement(using: &self)! }, "type swapped")
    case 1:
      return (tree.replacing(index) { _ in .number(ControlRequestMutator.numbers.randomElement(using: &self)!) }, "number")
    case 2:
      let length = [256, 4_096, 65_536, 900_000].randomElement(using: &self)!
      return (tree.replacing(index) { _ in .string([UInt8](repeating: UInt8(ascii: "y"), count: length)) }, "\(length)-byte string")
    case 3:
      // Around the 512-level limit, counted from where the value sits.
      let total = [64, 500, 510, 511, 512, 513, 2_000].randomElement(using: &self)!
      let levels = max(1, total - depth)
      let nested: FuzzJSON =
        chance(50)
        ? .literal([UInt8](repeating: UInt8(ascii: "["), count: levels) + [UInt8](repeating: UInt8(ascii: "]"), count: levels))
        : (0..<levels).reduce(FuzzJSON.number("1")) { inner, _ in .members(["d": inner]) }
      return (tree.replacing(index) { _ in nested }, "nested to \(total)")
    case 4:
      return (tree.replacing(index) { _ in .string(ControlRequestMutator.strangeStrings.randomElement(using: &self)!) }, "strange string")
    case 5:
      return (tree.replacing(index) { _ in .null }, "null")
    default:
      guard case var .object(members) = node, !members.isEmpty else {
        return (tree.replacing(index) { _ in ControlRequestMutator.otherTypes.randomElement(using: &self)! }, "type swapped")
      }
      let position = Int.random(in: members.indices, using: &self)
      let name: String
      switch Int.random(in: 0..<4, using: &self) {
      case 0:
        // Repeated: receivers read the first, so the copy before differs from the one after.
        var copy = members[position]
        copy.value = ControlRequestMutator.otherTypes.randomElement(using: &self)!
        members.insert(copy, at: chance(50) ? position : position + 1)
        name = "duplicate key"
      case 1:
        members.insert((Array("unknown\(position)".utf8), ControlRequestMutator.otherTypes.randomElement(using: &self)!), at: position)
        name = "unknown key"
      case 2:
        members.remove(at: position)
        name = "member removed"
      default:
        members[position].key = ControlRequestMutator.strangeStrings.randomElement(using: &self)!
        name = "key renamed"
      }
      return (tree.replacing(index) { _ in .object(members) }, name)
    }
  }
}
