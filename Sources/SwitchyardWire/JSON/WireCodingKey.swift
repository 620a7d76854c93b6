/// A coding key made at run time: an object member's name or an array index.
struct WireCodingKey: CodingKey {
  private let name: String?
  let intValue: Int?

  init(_ string: String) {
    name = string
    intValue = nil
  }

  init(_ index: Int) {
    name = nil
    intValue = index
  }

  init(stringValue: String) { self.init(stringValue) }
  init(intValue: Int) { self.init(intValue) }

  /// The member's name, or `Index N` as Foundation names array positions; built only when asked,
  /// since encoders create a key for every array element.
  var stringValue: String { name ?? "Index \(intValue ?? 0)" }

  static let `super` = WireCodingKey("super")
}
