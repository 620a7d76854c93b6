/// The start line and header fields of an HTTP/1.1 message (RFC 9112 §2.1), shared by the
/// server's request parser and the WebSocket client's reading of the handshake answer.
///
/// Lines may end in CRLF or a bare LF (§2.2 lets recipients accept both); anything else that
/// RFC 9112 forbids (bare CR, whitespace before a colon, obsolete line folding, control bytes)
/// is refused rather than guessed at, since lenient parsing is how request smuggling starts.
struct HTTPHead {
  var startLine: String
  var headers: HTTPHeaders

  /// The index just past the empty line that ends a head, looking at `bytes[from...]`.
  static func endIndex(in bytes: [UInt8], from start: Int) -> Int? {
    var index = start
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "\n") {
        if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") {
          return index + 2
        }
        if index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "\r"), bytes[index + 2] == UInt8(ascii: "\n") {
          return index + 3
        }
      }
      index += 1
    }
    return nil
  }

  /// Parses a complete head, `bytes` running up to and including its empty line.
  static func parse(_ bytes: ArraySlice<UInt8>, maxHeaderCount: Int) throws(HTTPParseError) -> HTTPHead {
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
      line.last == UInt8(ascii: "\r") ? line.dropLast() : line
    }
    // The split leaves the empty line and the nothing after it; drop both.
    while lines.last?.isEmpty == true {
      lines.removeLast()
    }
    guard let first = lines.first, !first.isEmpty else { throw .malformed("the start line is empty") }
    guard first.allSatisfy({ $0 == UInt8(ascii: " ") || (0x21...0x7E).contains($0) }) else {
      throw .malformed("the start line contains control or non-ASCII bytes")
    }
    var headers = HTTPHeaders()
    for line in lines.dropFirst() {
      guard headers.count < maxHeaderCount else { throw .tooManyHeaders(limit: maxHeaderCount) }
      let field = try parseField(line)
      headers.add(field.name, field.value)
    }
    return HTTPHead(startLine: String(decoding: first, as: UTF8.self), headers: headers)
  }

  private static func parseField(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> (name: String, value: String) {
    guard let first = line.first, first != UInt8(ascii: " "), first != UInt8(ascii: "\t") else {
      throw .malformed(line.isEmpty ? "an empty header line" : "obsolete header line folding")
    }
    guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { throw .malformed("a header line without a colon") }
    let name = line[line.startIndex..<colon]
    guard !name.isEmpty, name.allSatisfy(isTokenCharacter) else { throw .malformed("an invalid header name") }
    let value = line[(colon + 1)...]
    guard !value.contains(where: { ($0 < 0x20 && $0 != UInt8(ascii: "\t")) || $0 == 0x7F }) else {
      throw .malformed("a control byte in a header value")
    }
    return (String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self).trimmingWhitespace())
  }

  /// Whether `byte` may appear in a token: a method or a header name (RFC 9110 §5.6.2).
  static func isTokenCharacter(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default:
      return "!#$%&'*+-.^_`|~".utf8.contains(byte)
    }
  }
}
