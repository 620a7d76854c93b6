/// A coding key made at run time: an object member's name or an array index.
///
/// Three words at most, so that boxing it as `any CodingKey` (for every array element an encoder
/// enters) fits the existential's inline buffer instead of allocating.
struct WireCodingKey: CodingKey {
  /// The member's name; empty for an index.
  private let name: String
  /// The array index, or -1 for a member name.
  private let index: Int

  init(_ string: String) {
    name = string
    index = -1
  }

  init(_ index: Int) {
    name = ""
    self.index = index
  }

  init(stringValue: String) { self.init(stringValue) }
  init(intValue: Int) { self.init(intValue) }

  var intValue: Int? { index >= 0 ? index : nil }

  /// The member's name, or `Index N` as Foundation names array positions; built only when asked.
  var stringValue: String { index >= 0 ? "Index \(index)" : name }

  static let `super` = WireCodingKey("super")
}
