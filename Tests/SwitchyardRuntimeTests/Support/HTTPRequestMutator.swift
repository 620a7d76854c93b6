import ComposableArchitecture
import SwitchyardTestSupport

/// One fuzzing HTTP connection's requests: some well-formed ones whose statuses are known, then
/// perhaps one mutated past the point where its answer can be predicted.
struct HTTPFuzzConnection {
  /// A well-formed request and the statuses it may get.
  struct Known {
    var expected: Set<Int>
    var isHead: Bool
    var description: String
    /// The token as the request spelled it, when it carries the right one.
    var spelling: String?
  }

  var bytes: [UInt8] = []
  var known: [Known] = []
  /// How the mutated request spelled the right token, if it did: an answer past the token check
  /// needs these bytes, or the token itself, in the request.
  var tokenSpelling: String?
  /// What was done to the last request, when it was mutated; its answer is checked only against
  /// what every answer must be.
  var mutation: String?
  /// Whether the mutated request went out as a HEAD, whose answer has no body.
  var mutatedIsHead = false
  var ending: RawExchange.Ending = .shutWriting

  var mutations: [String] { known.map { _ in "none" } + (mutation.map { [$0] } ?? []) }
}

/// Makes HTTP requests for one ``HTTPFuzzListener`` from a seeded generator: its routes with the
/// token spelled every way it is accepted and many ways it is not, then request lines, targets,
/// headers, lengths and bodies broken by structure or by bytes.
struct HTTPRequestMutator {
  var random: SeededRandomNumberGenerator
  let listener: HTTPFuzzListener

  init(listener: HTTPFuzzListener, seed: UInt64, lane: UInt64) {
    self.listener = listener
    random = SeededRandomNumberGenerator(seed: seed ^ (lane &* 0x9FB2_1C65_1E98_DF25) ^ UInt64(listener.port))
  }

  mutating func next() -> HTTPFuzzConnection {
    var connection = HTTPFuzzConnection()
    for _ in 0..<Int.random(in: 0...3, using: &random) {
      let (bytes, known) = wellFormed(closing: false)
      connection.bytes += bytes
      connection.known.append(known)
    }
    if random.chance(35) {
      let (bytes, known) = wellFormed(closing: random.chance(50))
      connection.bytes += bytes
      connection.known.append(known)
    } else {
      let (bytes, mutation, spelling) = mutated()
      connection.bytes += bytes
      connection.mutation = mutation
      connection.tokenSpelling = spelling
      let start = bytes.drop { $0 == 13 || $0 == 10 }
      connection.mutatedIsHead = start.starts(with: Array("HEAD ".utf8))
    }
    connection.ending = [.shutWriting, .shutWriting, .shutWriting, .shutWriting, .shutWriting, .shutWriting, .abandon, .reset]
      .randomElement(using: &random)!
    return connection
  }

  /// A request the listener routes, with the token or without it, and the statuses it may get.
  private mutating func wellFormed(closing: Bool) -> ([UInt8], HTTPFuzzConnection.Known) {
    let route = listener.routes.randomElement(using: &random)!
    var target = route.target
    var headers = ["Host: 127.0.0.1"]
    let (spelling, authorized) = tokenSpelling()
    switch spelling {
    case let .query(value):
      // `*` takes no query; it is asked with a header instead.
      if target != "*" { target += (target.contains("?") ? "&" : "?") + "token=" + value }
    case let .header(value):
      headers.append("Authorization: " + value)
    case .none:
      break
    }
    if route.method == "POST" {
      headers.append("Content-Length: 5")
    }
    if closing { headers.append("Connection: close") }
    var text = "\(route.method) \(target) HTTP/1.1\r\n" + headers.joined(separator: "\r\n") + "\r\n\r\n"
    if route.method == "POST" { text += "a=b&c" }
    let carries = authorized && !(target == route.target && spelling.isQuery)
    let expected = carries ? route.authorized : route.unauthorized
    let spelled: String? =
      switch spelling {
      case let .query(value) where carries: value
      case let .header(value) where carries: value
      default: nil
      }
    return (Array(text.utf8), .init(expected: expected, isHead: route.method == "HEAD", description: text, spelling: spelled))
  }

  private enum Spelling {
    case query(String)
    case header(String)
    case none

    var isQuery: Bool {
      if case .query = self { true } else { false }
    }
  }

  /// The token as a request may carry it, and whether that spelling is accepted.
  private mutating func tokenSpelling() -> (Spelling, Bool) {
    let token = listener.token
    let encoded = token.utf8.map { "%" + String($0, radix: 16, uppercase: Bool.random(using: &random)) }.joined()
    let wrong = [
      String(token.dropLast()), token + "x", token.uppercased(), "", String(repeating: "t", count: 10_000),
      "%", "%ZZ", "%00" + token, token + "%00", String(token.reversed()),
    ]
    switch Int.random(in: 0..<12, using: &random) {
    case 0, 1: return (.query(token), true)
    case 2: return (.query(encoded), true)
    case 3, 4: return (.header("Bearer " + token), true)
    case 5: return (.header("bearer " + token), true)
    case 6: return (.query(wrong.randomElement(using: &random)!), false)
    case 7: return (.header("Bearer " + wrong.randomElement(using: &random)!), false)
    case 8: return (.header(["Basic " + token, "Bearer  " + token, "Token " + token, "Bearer"].randomElement(using: &random)!), false)
    // The first `token` parameter is the one read.
    case 9: return (.query(wrong.randomElement(using: &random)! + "&token=" + token), false)
    default: return (.none, false)
    }
  }

  /// One request broken by structure or by bytes, and what was done to it.
  private mutating func mutated() -> ([UInt8], String, String?) {
    let (bytes, known) = wellFormed(closing: random.chance(30))
    if random.chance(30) {
      let (mutated, name) = random.mutate(bytes: bytes)
      return (mutated, "bytes " + name + " of " + known.description.prefix { $0 != "\r" }, known.spelling)
    }
    let (mutated, name) = structurallyMutated(known)
    return (mutated, name, known.spelling)
  }

  private mutating func structurallyMutated(_ known: HTTPFuzzConnection.Known) -> ([UInt8], String) {
    let text = known.description
    let requestLine = String(text.prefix { $0 != "\r" })
    let rest = String(text.dropFirst(requestLine.count))
    func pick<T>(_ choices: [T]) -> T { choices.randomElement(using: &random)! }
    switch Int.random(in: 0..<8, using: &random) {
    case 0:
      let line = pick([
        "get / HTTP/1.1", "BREW / HTTP/1.1", "G@T / HTTP/1.1", "GET /", "GET / HTTP/2.0", "GET / HTTP/1.9", "GET / HTTP/0.9",
        "GET  / HTTP/1.1", "GET / HTTP/1.1 ", "GET\t/ HTTP/1.1", "GET metrics HTTP/1.1", "GET http://127.0.0.1 HTTP/1.1",
        "GET http://evil.example/metrics?token=\(listener.token) HTTP/1.1", "GET * HTTP/1.1", "GET / http/1.1", "GET / HTTP/1.10",
        "GET /\u{7F} HTTP/1.1", "GET /é HTTP/1.1", "/ HTTP/1.1", "",
      ])
      return (Array((line + rest).utf8), "line " + line)
    case 1:
      let target = pick([
        "/%", "/%Z", "/%zz", "/%00", "/%2F%2f", "/%C0%AF", "/%ED%A0%80", "/?token", "/?token=", "/?=&&=&token=%",
        "/?token=%E0%A4%A", "/effects?id=", "/effects?id=+1", "/effects?id=1e3", "/effects?id=0x10", "/effects?id=-0",
        "/effects?id=99999999999999999999999999", "/socket?token=%ZZ", "//", "/./metrics", "/metrics#frag", "/metrics?",
      ])
      let parts = requestLine.split(separator: " ")
      let line = "\(parts.first ?? "GET") \(target) HTTP/1.1"
      return (Array((line + rest).utf8), "target " + target)
    case 2:
      let field = pick([
        "X-Big: " + String(repeating: "h", count: 17_000), "NoColon", " Folded: value", "Space : value", "Bad\u{1}: x",
        "X-Ctl: a\u{1}b", "X-Null: a\u{0}b", ": empty-name", "Host: a\r\nHost: b", "Content-Length: 0\r\nContent-Length: 0",
        "Authorization: Bearer \(listener.token)\r\nAuthorization: Bearer wrong", "Upgrade: websocket", "Connection: Upgrade, close",
        "Expect: 100-continue", "X-UTF8: \u{FEFF}é😀",
      ])
      return (Array((requestLine + "\r\n" + field + rest).utf8), "header " + field.prefix(40))
    case 3:
      let count = pick([99, 100, 101, 500])
      let fields = (0..<count).map { "X-F\($0): v" }.joined(separator: "\r\n")
      return (Array((requestLine + "\r\n" + fields + rest).utf8), "header \(count) fields")
    case 4:
      let (length, body) = pick([
        ("abc", ""), ("-1", ""), ("1,2", "ab"), ("5, 5", "hello"), ("5,", "hello"), ("99999999999999999999", ""),
        ("2097152", ""), ("+5", "hello"), ("0x5", "hello"), (" 5 ", "hello"), ("3", "hello"), ("10", "hello"),
        ("1048577", ""), ("0", "GET / HTTP/1.1\r\n\r\n"),
      ])
      return (Array((requestLine + "\r\nContent-Length: \(length)" + rest + body).utf8), "length '\(length)'")
    case 5:
      let coding = pick(["chunked", "gzip, chunked", "identity", "Chunked"])
      let body = "5\r\nhello\r\n0\r\n\r\n"
      return (Array((requestLine + "\r\nTransfer-Encoding: \(coding)" + rest + body).utf8), "chunked " + coding)
    case 6:
      let lineEnd = pick(["\n", "\r", "\r\r\n", "\n\r"])
      return (Array(text.replacingOccurrences(of: "\r\n", with: lineEnd).utf8), "line ends \(lineEnd.debugDescription)")
    default:
      let head = pick(["\r\n\r\n", "\r\n", String(repeating: "\r\n", count: 9_000), "\u{0}", "\u{FF}"])
      return (Array((head + text).utf8), "leading \(head.prefix(8).debugDescription)")
    }
  }
}
