/// A coding key made at run time: an object member's name or an array index.
struct WireCodingKey: CodingKey {
  let stringValue: String
  let intValue: Int?

  init(_ string: String) {
    stringValue = string
    intValue = nil
  }

  init(_ index: Int) {
    stringValue = "Index \(index)"
    intValue = index
  }

  init(stringValue: String) { self.init(stringValue) }
  init(intValue: Int) { self.init(intValue) }

  static let `super` = WireCodingKey("super")
}
