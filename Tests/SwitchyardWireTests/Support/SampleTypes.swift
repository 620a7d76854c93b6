import SwitchyardWire

/// A feature's action, as TCA code would declare it, to pin the shapes synthesized `Codable`
/// gives enums with associated values.
enum SampleAction: Codable, Equatable {
  case element(id: Int, action: SampleChildAction)
  case foo(Int)
  case pair(String, Double)
  case optional(value: String?)
  case tapped
}

enum SampleChildAction: Codable, Equatable {
  case tapped
  case textChanged(String)
}

/// A state with every kind of member: scalars of each width, optionals, nesting, arrays,
/// dictionaries, a raw-value enum and a JSON value.
struct SampleState: Codable, Equatable {
  enum Mode: String, Codable { case idle, loading, loaded }

  var id: UInt64
  var name: String
  var count: Int
  var small: Int8
  var medium: UInt16
  var wide: Int32
  var ratio: Double
  var single: Float
  var flag: Bool
  var mode: Mode
  var note: String?
  var missing: Int?
  var tags: [String]
  var matrix: [[Int]]
  var scores: [String: Double]
  var children: [SampleChild]
  var extra: JSONValue
  var action: SampleAction?
}

struct SampleChild: Codable, Equatable {
  var title: String
  var done: Bool
}

/// A class hierarchy encoded with `superEncoder()`, the pattern streaming encoders find hardest.
class SampleBase: Codable, Equatable {
  var base: Int

  init(base: Int) { self.base = base }

  static func == (lhs: SampleBase, rhs: SampleBase) -> Bool {
    lhs.base == rhs.base && type(of: lhs) == type(of: rhs)
      && (lhs as? SampleDerived)?.derived == (rhs as? SampleDerived)?.derived
  }
}

final class SampleDerived: SampleBase {
  private enum CodingKeys: String, CodingKey { case derived }
  var derived: String

  init(base: Int, derived: String) {
    self.derived = derived
    super.init(base: base)
  }

  required init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    derived = try container.decode(String.self, forKey: .derived)
    try super.init(from: container.superDecoder())
  }

  override func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(derived, forKey: .derived)
    try super.encode(to: container.superEncoder())
  }
}

/// Writes members out of order: into a nested container after its parent moved on, which only
/// a tree-building encoder can honour.
struct OutOfOrderWriter: Codable, Equatable {
  private enum Keys: String, CodingKey { case first, second, inner }
  private enum InnerKeys: String, CodingKey { case a, b }

  var a: Int
  var b: Int
  var second: String

  init(a: Int, b: Int, second: String) {
    self.a = a
    self.b = b
    self.second = second
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    let inner = try container.nestedContainer(keyedBy: InnerKeys.self, forKey: .inner)
    a = try inner.decode(Int.self, forKey: .a)
    b = try inner.decode(Int.self, forKey: .b)
    second = try container.decode(String.self, forKey: .second)
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    var inner = container.nestedContainer(keyedBy: InnerKeys.self, forKey: .inner)
    try inner.encode(a, forKey: .a)
    try container.encode(second, forKey: .second)
    try inner.encode(b, forKey: .b)
  }
}

extension SampleState {
  static let full = SampleState(
    id: .max, name: "Tab\t\"quoted\" \\ / é 日本 👍🏽 \u{0}\u{1F}\u{7F}\u{2028}", count: -42, small: -128, medium: 65_535,
    wide: .min, ratio: 0.1 + 0.2, single: 3.4028235e38, flag: true, mode: .loaded, note: "present", missing: nil,
    tags: ["a", "", "ü"], matrix: [[], [1], [2, 3]], scores: ["x": 1.5, "y": -0.0, "z": 1e-300],
    children: [SampleChild(title: "one", done: false), SampleChild(title: "two", done: true)],
    extra: ["nested": [1, 2.5, "three", nil, true, ["deep": [:]]]],
    action: .element(id: 7, action: .textChanged("hi")))
}
