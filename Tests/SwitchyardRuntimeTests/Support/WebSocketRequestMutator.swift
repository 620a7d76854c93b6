import ComposableArchitecture
import SwitchyardTestSupport

/// One fuzzing connection to the inspector's WebSocket: its opening handshake, then frames
/// carrying requests, and how it ends.
struct WebSocketFuzzConnection {
  /// How the server's side must end, given how the client's did.
  enum ExpectedClose: Equatable {
    /// A close frame with one of these codes: the client broke the protocol, or closed with a code to echo.
    case code(Set<UInt16>)
    /// An empty close frame: the echo of the client's empty one.
    case empty
    /// Any close frame with a code allowed on the wire, or none.
    case any
  }

  var bytes: [UInt8] = []
  /// Set when the handshake was broken: the statuses it may get instead of 101.
  var refusedWith: Set<Int>?
  /// Whether the handshake went out as a HEAD, whose answer has no body.
  var isHead = false
  /// Whether the handshake carried the token; without it, nothing but 401 (or a 400 for what follows) may come.
  var carriesToken = true
  var requests = 0
  var mutations: [String] = []
  var expectedClose = ExpectedClose.any
  var ending = RawExchange.Ending.shutWriting
}

/// Makes inspector WebSocket connections from a seeded generator: handshakes with and without the
/// token or broken, then the requests `InspectorRequest` reads (mutated by JSON structure and by
/// bytes), pings, fragments, binary frames, and at the end a close, a protocol error or nothing.
struct WebSocketRequestMutator {
  var random: SeededRandomNumberGenerator
  let token: String
  private var nextID = 0

  init(token: String, seed: UInt64, lane: UInt64) {
    self.token = token
    random = SeededRandomNumberGenerator(seed: seed ^ (lane &* 0xD6E8_FEB8_6659_FD93) ^ 0x5753)
  }

  mutating func next() -> WebSocketFuzzConnection {
    var connection = WebSocketFuzzConnection()
    connection.bytes = handshake(&connection)
    let key = (0..<4).map { _ in UInt8.random(in: 0...255, using: &random) }
    for _ in 0..<Int.random(in: 0...8, using: &random) {
      for frame in message(&connection) { connection.bytes += frame.bytes(key: key) }
    }
    let (last, expected, name) = ending()
    connection.bytes += last.flatMap { $0.bytes(key: key) }
    connection.expectedClose = expected
    connection.mutations.append(name)
    connection.ending = random.chance(10) ? [.abandon, .reset].randomElement(using: &random)! : .shutWriting
    return connection
  }

  /// The opening handshake: mostly valid with the token; else without it, or broken.
  private mutating func handshake(_ connection: inout WebSocketFuzzConnection) -> [UInt8] {
    var target = "/socket?token=" + token
    var fields = [
      "Host: 127.0.0.1", "Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
      "Sec-WebSocket-Version: 13",
    ]
    var method = "GET"
    var version = "HTTP/1.1"
    if random.chance(8) {
      target = ["/socket", "/socket?token=", "/socket?token=\(token)x", "/socket?token=\(token.uppercased())"].randomElement(using: &random)!
      connection.carriesToken = false
      connection.mutations.append("upgrade without the token")
    } else if random.chance(12) {
      let name: String
      var statuses: Set<Int> = [400]
      switch Int.random(in: 0..<12, using: &random) {
      case 0: (name, fields[3]) = ("key not base64", "Sec-WebSocket-Key: not base64 at all!")
      case 1: (name, fields[3]) = ("key of 15 bytes", "Sec-WebSocket-Key: AAAAAAAAAAAAAAAAAAAA")
      case 2: (name, fields[3]) = ("key of 17 bytes", "Sec-WebSocket-Key: AAAAAAAAAAAAAAAAAAAAAAA=")
      case 3: (name, fields[3]) = ("no key", "X-Key: none")
      case 4: (name, fields[4], statuses) = ("version 8", "Sec-WebSocket-Version: 8", [426])
      case 5: (name, fields[4], statuses) = ("version 13, 8", "Sec-WebSocket-Version: 13, 8", [426])
      case 6: (name, fields[4], statuses) = ("no version", "X-Version: none", [426])
      case 7: (name, fields[1]) = ("no upgrade", "X-Upgrade: websocket")
      case 8: (name, fields[2]) = ("connection keep-alive", "Connection: keep-alive")
      case 9: (name, version) = ("HTTP/1.0", "HTTP/1.0")
      case 10: (name, method, statuses) = ("POST", "POST", [405])
      default: (name, method) = ("HEAD", "HEAD")
      }
      connection.refusedWith = statuses
      connection.isHead = method == "HEAD"
      connection.mutations.append("upgrade " + name)
    }
    return Array("\(method) \(target) \(version)\r\n\(fields.joined(separator: "\r\n"))\r\n\r\n".utf8)
  }

  /// A request in one text frame or in fragments, or a ping, a pong or a binary frame.
  private mutating func message(_ connection: inout WebSocketFuzzConnection) -> [WebSocketClientFrame] {
    switch Int.random(in: 0..<20, using: &random) {
    case 0:
      return [WebSocketClientFrame(opcode: 0x9, payload: Array("ping".utf8))]
    case 1:
      return [WebSocketClientFrame(opcode: 0xA, payload: [])]
    case 2:
      connection.mutations.append("binary")
      return [WebSocketClientFrame(opcode: 0x2, payload: Array(#"{"id":1,"type":"history"}"#.utf8))]
    default:
      connection.requests += 1
      let (text, name) = request()
      connection.mutations.append(name)
      guard text.count > 2, random.chance(20) else { return [.text(text)] }
      // Fragments with a ping between them, which a control frame may be.
      let cut = Int.random(in: 1..<text.count, using: &random)
      return [
        .text(Array(text[..<cut]), fin: false), WebSocketClientFrame(opcode: 0x9, payload: [1, 2]),
        WebSocketClientFrame(opcode: 0x0, payload: Array(text[cut...])),
      ]
    }
  }

  /// A request's text: valid, or mutated by structure or bytes (a text frame must stay UTF-8).
  private mutating func request() -> ([UInt8], String) {
    nextID += 1
    let tree = InspectorRequestSeeds.seed(id: nextID, using: &random)
    switch Int.random(in: 0..<10, using: &random) {
    case 0..<5:
      return (tree.bytes, "none")
    case 5..<9:
      var mutated = tree
      var names: [String] = []
      for _ in 0...Int.random(in: 0...2, using: &random) {
        let (next, name) = random.mutate(mutated)
        mutated = next
        names.append(name)
      }
      let bytes = mutated.bytes
      // Past the inspector's 64 KiB a request closes the connection with 1009, which its ending's close must not be taken for.
      guard bytes.count < 60_000, String(validating: bytes, as: UTF8.self) != nil else { return (tree.bytes, "none") }
      return (bytes, "json " + names.joined(separator: ", "))
    default:
      let (bytes, name) = random.mutate(bytes: tree.bytes)
      guard String(validating: bytes, as: UTF8.self) != nil else { return (tree.bytes, "none") }
      return (bytes, "bytes " + name)
    }
  }

  /// The connection's last frames, the close the server must answer with, and its name.
  private mutating func ending() -> ([WebSocketClientFrame], WebSocketFuzzConnection.ExpectedClose, String) {
    let protocolError: Set<UInt16> = [1002]
    switch Int.random(in: 0..<22, using: &random) {
    case 0, 1, 2:
      let code = [1000, 1001, 1003, 1011, 3000, 4999].randomElement(using: &random)!
      return ([.close(UInt16(code), reason: Array("bye".utf8))], .code([UInt16(code)]), "close \(code)")
    case 3: return ([.close(nil)], .empty, "close empty")
    case 4:
      let code = [0, 999, 1004, 1005, 1006, 1015, 2000, 2999, 5000, 65535].randomElement(using: &random)!
      return ([.close(UInt16(code))], .code(protocolError), "close code \(code)")
    case 5: return ([WebSocketClientFrame(opcode: 0x8, payload: [0x03])], .code(protocolError), "close of 1 byte")
    case 6: return ([.close(1000, reason: [0xC3, 0x28])], .code([1007]), "close reason not UTF-8")
    case 7:
      let opcode = [0x3, 0x4, 0x5, 0x6, 0x7, 0xB, 0xC, 0xD, 0xE, 0xF].randomElement(using: &random)!
      return ([WebSocketClientFrame(opcode: UInt8(opcode), payload: [1])], .code(protocolError), "opcode \(opcode)")
    case 8:
      var frame = WebSocketClientFrame.text(Array(#"{"id":1,"type":"history"}"#.utf8))
      frame.masked = false
      return ([frame], .code(protocolError), "unmasked")
    case 9:
      var frame = WebSocketClientFrame.text(Array(#"{"id":1,"type":"history"}"#.utf8))
      frame.reserved = UInt8.random(in: 1...7, using: &random)
      return ([frame], .code(protocolError), "reserved bits \(frame.reserved)")
    case 10:
      return ([WebSocketClientFrame(fin: false, opcode: 0x9, payload: [1])], .code(protocolError), "fragmented ping")
    case 11:
      return ([WebSocketClientFrame(opcode: 0x9, payload: Array(repeating: 7, count: 126))], .code(protocolError), "ping of 126 bytes")
    case 12:
      var frame = WebSocketClientFrame.text(Array(#"{"id":1,"type":"history"}"#.utf8))
      frame.length = [.sixteenBit, .sixtyFourBit].randomElement(using: &random)!
      return ([frame], .code(protocolError), "length not minimal")
    case 13:
      var frame = WebSocketClientFrame.text([])
      frame.length = .claims([1 << 63, UInt64.max, 1 << 40, 100_000].randomElement(using: &random)!)
      let expected: Set<UInt16> = if case .claims(let claimed) = frame.length, claimed >> 63 != 0 { protocolError } else { [1009] }
      return ([frame], .code(expected), "64-bit length")
    case 14:
      let half = Array(repeating: UInt8(ascii: "a"), count: 40_000)
      return ([.text(half, fin: false), WebSocketClientFrame(opcode: 0x0, payload: half)], .code([1009]), "fragments past 64 KiB")
    case 15:
      let bytes: [UInt8] = [[0xC3, 0x28], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF], [0xE2, 0x82]].randomElement(using: &random)!
      return ([.text(Array(#"{"id":1,"type":"send","text":""#.utf8) + bytes + Array(#""}"#.utf8))], .code([1007]), "text not UTF-8")
    case 16:
      return ([WebSocketClientFrame(opcode: 0x0, payload: [1])], .code(protocolError), "continuation first")
    case 17:
      return ([.text([0x7B], fin: false), .text([0x7D])], .code(protocolError), "text inside a fragmented text")
    default:
      return ([], .any, "no close")
    }
  }
}
