extension ControlRequestMutator {
  /// The first frame of a connection to a TCP control listener that takes `token`: mostly the
  /// `hello` carrying it, else one the listener must refuse (a wrong, missing, huge or non-string
  /// token, a request before any hello, a broken frame), and whether it admits the client.
  mutating func opening(token: String) -> (request: FuzzRequest, admitted: Bool) {
    func hello(_ token: FuzzJSON?, key: String = "token") -> FuzzJSON {
      var members: [(key: [UInt8], value: FuzzJSON)] = [
        (Array("type".utf8), .text("hello")), (Array("version".utf8), .text("1.0")), (Array("role".utf8), .text("client")),
        (Array("pid".utf8), .number("4242")), (Array("capabilities".utf8), .array([.text("subscribe")])),
      ]
      if let token { members.insert((Array(key.utf8), token), at: Int.random(in: 0...members.count, using: &random)) }
      return .object(members)
    }
    let choice = Int.random(in: 0..<100, using: &random)
    if choice < 70 {
      return (FuzzRequest(bytes: Self.frame(hello(.text(token)).bytes), mutation: "hello with the token"), true)
    }
    let (opening, name): (FuzzJSON, String) =
      switch choice {
      case 70..<74: (hello(nil), "hello without a token")
      case 74..<78: (hello(.text([String(token.dropLast()), token + "x", token.uppercased(), "", " " + token].randomElement(using: &random)!)), "hello with a wrong token")
      case 78..<80: (hello(.string([UInt8](repeating: UInt8(ascii: "k"), count: 900_000))), "hello with a 900 KB token")
      case 80..<84: (hello([FuzzJSON.number("12345"), .null, .number("true"), .array([.text(token)]), .members(["token": .text(token)])].randomElement(using: &random)!), "hello with a token not a string")
      case 84..<86: (hello(.text(token), key: "Token"), "hello with the token under another key")
      case 86..<88: (hello(.string(Array(#"\u0000"#.utf8) + Array(token.utf8))), "hello with the token after a NUL")
      case 88..<94: (Self.intruder(id: 1), "a send before any hello")
      default: (.members(["type": .text("status"), "id": .number("1")]), "a status before any hello")
      }
    if choice >= 97 {
      var bytes = Self.header(Int(UInt32.max)) + opening.bytes
      if random.chance(50) { bytes = Self.header(0) }
      return (FuzzRequest(bytes: bytes, breaksFraming: true, mutation: "a broken frame before any hello"), false)
    }
    return (FuzzRequest(bytes: Self.frame(opening.bytes), mutation: name), false)
  }

  /// A `send` whose action, were it ever taken, leaves a run named `intruder…` in the state.
  static func intruder(id: UInt64) -> FuzzJSON {
    let start = FuzzJSON.members([
      "start": .members(["name": .text("intruder\(id)"), "job": .members(["tag": .text("x"), "outputs": .number("1")]), "cancelInFlight": .number("false")]),
    ])
    return .members(["type": .text("send"), "id": .number("\(id)"), "action": start])
  }
}
