import ComposableArchitecture
import SwitchyardTestSupport

/// One frame a fuzzing control client writes, header included.
struct FuzzRequest {
  var bytes: [UInt8]
  /// The id of a request left valid, which the coordinator must answer.
  var answeredID: UInt64?
  /// Whether the frame breaks the framing, so nothing after it can be read: a connection's last.
  var breaksFraming = false
  /// What was done to it, for a failure's report.
  var mutation: String
}

/// Makes control requests from a seed corpus of valid ones, mutated by bytes, by frame and by JSON
/// structure, from a seeded generator: the same seed makes the same requests.
struct ControlRequestMutator {
  var random: SeededRandomNumberGenerator
  private var nextID: UInt64
  /// Whether the last seed made carries an id: every request but `hello`.
  private var seedHasID = true

  /// `lane` keeps the ids of valid requests apart between clients fuzzing side by side.
  init(seed: UInt64, lane: UInt64) {
    random = SeededRandomNumberGenerator(seed: seed ^ (lane &* 0xA24B_AED4_963E_E407))
    nextID = (lane + 1) << 32
  }

  mutating func next() -> FuzzRequest {
    let roll = Int.random(in: 0..<100, using: &random)
    if roll < 35 {
      nextID += 1
      let payload = seed(id: nextID).bytes
      return FuzzRequest(bytes: Self.frame(payload), answeredID: seedHasID ? nextID : nil, mutation: "none")
    }
    if roll < 45 {
      nextID += 1
      return FuzzRequest(bytes: Self.frame(oddButValidSend(id: nextID).bytes), answeredID: nextID, mutation: "odd")
    }
    let id = UInt64.random(in: 1...8, using: &random)
    if roll < 70 {
      var tree = seed(id: id)
      var names: [String] = []
      for _ in 0...Int.random(in: 0...2, using: &random) {
        let (mutated, name) = random.mutate(tree)
        tree = mutated
        names.append(name)
      }
      return Self.mutated(tree.bytes, "json " + names.joined(separator: ", "))
    }
    if roll < 87 {
      let (payload, name) = random.mutate(bytes: seed(id: id).bytes)
      return Self.mutated(payload, "bytes " + name)
    }
    if roll < 93 {
      // Two requests spliced: the head of one and the tail of another, in one frame.
      let first = seed(id: id).bytes
      let second = seed(id: id + 1).bytes
      let payload = Array(first[..<Int.random(in: 0...first.count, using: &random)])
        + Array(second[Int.random(in: 0...second.count, using: &random)...])
      return Self.mutated(payload, "splice")
    }
    return frameLie(seed(id: id).bytes)
  }

  /// A mutated payload in a frame of its length; one empty or past the control socket's 1 MiB
  /// breaks the framing as a lying header does.
  private static func mutated(_ payload: [UInt8], _ mutation: String) -> FuzzRequest {
    FuzzRequest(bytes: frame(payload), breaksFraming: payload.isEmpty || payload.count > 1 << 20, mutation: mutation)
  }

  /// A frame whose header does not match its payload: the stream can no longer be read.
  private mutating func frameLie(_ payload: [UInt8]) -> FuzzRequest {
    let (length, name): (UInt32, String) =
      switch Int.random(in: 0..<6, using: &random) {
      case 0: (UInt32.random(in: 1...UInt32(payload.count), using: &random) - 1, "length shorter than the payload")
      case 1: (UInt32(payload.count) + UInt32.random(in: 1...4_096, using: &random), "length longer than the payload")
      case 2: (UInt32.max, "length 4 GiB")
      case 3: (1 << 20 + 1, "length one past the 1 MiB control limit")
      case 4: (16 << 20 + 1, "length past the protocol's 16 MiB")
      default: (0, "length 0")
      }
    var bytes = Self.header(Int(length))
    if name == "length 0" || Bool.random(using: &random) { bytes += payload }
    if random.chance(10) { bytes = Array(bytes.prefix(Int.random(in: 1...3, using: &random))) }
    return FuzzRequest(bytes: bytes, breaksFraming: true, mutation: "frame " + name)
  }

  /// A valid request of any kind the protocol has, under `id`.
  private mutating func seed(id: UInt64) -> FuzzJSON {
    let name = FuzzJSON.text("fz\(Int.random(in: 0..<8, using: &random))")
    let idValue = FuzzJSON.number("\(id)")
    func send(_ action: FuzzJSON) -> FuzzJSON { .members(["type": .text("send"), "id": idValue, "action": action]) }
    seedHasID = true
    func start(_ job: FuzzJSON, cancelInFlight: Bool) -> FuzzJSON {
      .members(["start": .members(["name": name, "job": job, "cancelInFlight": .number("\(cancelInFlight)")])])
    }
    switch Int.random(in: 0..<15, using: &random) {
    case 0:
      seedHasID = false
      let version = ["1.0", "1.7", "1.99999999999999999999"].randomElement(using: &random)!
      return .members([
        "type": .text("hello"), "version": .text(version), "role": .text("client"), "pid": .number("4242"),
        "capabilities": .array([.text("subscribe")]),
      ])
    case 1, 2:
      return .members(["type": .text("status"), "id": idValue])
    case 3, 4:
      let paths = ["", "runs", "runs.fz1", "runs.fz2.outcome", "runs.id=3", "nothing.here", "runs.fz0.outputs.0"]
      return .members(["type": .text("state"), "id": idValue, "path": .text(paths.randomElement(using: &random)!)])
    case 5:
      return .members(["type": .text("subscribe"), "id": idValue, "path": .text("runs.fz\(id % 8)")])
    case 6:
      return .members(["type": .text("unsubscribe"), "id": idValue])
    case 7, 8:
      return send(start(.members(["tag": .text("t\(id)"), "outputs": .number("1")]), cancelInFlight: false))
    case 9:
      let job = FuzzJSON.members([
        "tag": .text("u\(id)"), "outputs": .number("2"), "intervalMillis": .number("5"), "timeoutMillis": .number("5000"),
      ])
      return send(start(job, cancelInFlight: true))
    case 10:
      return send(.members(["cancel": .members(["name": name])]))
    case 11:
      return send(.members(["teleport": .members([:])]))
    case 12:
      return .members(["type": .text("scale"), "id": idValue, "pools": .members(["probe": .number(random.chance(50) ? "1" : "2")])])
    case 13:
      return .members(["type": .text("sent"), "id": idValue])
    default:
      return .members(["type": .text("frobnicate"), "id": idValue])
    }
  }

  static func header(_ length: Int) -> [UInt8] {
    (0..<4).map { UInt8(truncatingIfNeeded: length >> (24 - 8 * $0)) }
  }

  static func frame(_ payload: [UInt8]) -> [UInt8] {
    header(payload.count) + payload
  }

  /// Numbers in every spelling a field might meet: past each integer type's range, negative,
  /// fractional, with exponents, and past a double's range.
  static let numbers = [
    "0", "-0", "-1", "1.0", "1.5", "1e3", "1E+2", "2e-1", "1e400", "-1e400", "1e-400", "0.0000001",
    "4294967296", "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
    "18446744073709551615", "18446744073709551616", "123456789012345678901234567890", "01", "+1", ".5", "1.", "0x10",
    "NaN", "Infinity", "-",
  ]

  static let otherTypes: [FuzzJSON] = [
    .text("string"), .number("7"), .number("true"), .number("false"), .null, .array([]), .members([:]),
    .array([.number("1"), .text("two"), .null]), .members(["a": .members(["b": .array([])])]),
  ]

  /// String contents, as written between the quotes: escapes valid and not, and bytes that are not UTF-8.
  static let strangeStrings: [[UInt8]] = [
    Array(#"\ud800"#.utf8), Array(#"\udc00x"#.utf8), Array(#"\ud83d\ude00"#.utf8), Array(#"\ud83d\u0041"#.utf8),
    Array(#"\u0000"#.utf8), Array(#"\uZZZZ"#.utf8), Array(#"\x41"#.utf8), Array("tab\there".utf8), Array(#"e\u0301"#.utf8),
    Array("é".utf8), Array("e\u{301}".utf8), Array("".utf8), Array("type".utf8), Array(#"back\\slash\""#.utf8),
    [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xFF, 0xFE], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0xF0, 0x9F, 0x98],
    Array("runs.fz1".utf8), Array("fz3".utf8),
  ]

  /// Bytes to drop into a payload.
  static let strangeBytes: [[UInt8]] = [
    [0], [0xFF], [0xC3], Array("}".utf8), Array("{".utf8), Array(",".utf8), Array("\"".utf8), Array("]]]]".utf8),
    Array(#","id":2"#.utf8), Array(#","type":"status""#.utf8), [0xEF, 0xBB, 0xBF], Array("\\".utf8),
  ]
}
