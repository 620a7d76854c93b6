/// The HTTP/1.1 responses a fuzzing client read back, each checked for the shape the server
/// always writes: `HTTP/1.1 NNN Reason`, `Name: value` fields, CRLF line ends, and a body of
/// exactly its `Content-Length` (none after a HEAD, nor in a 101, after which WebSocket frames follow).
struct HTTPResponseReader {
  struct Response {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    func header(_ name: String) -> String? {
      headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
  }

  var responses: [Response] = []
  /// What followed a 101: the server's WebSocket frames.
  var afterUpgrade: [UInt8] = []
  /// Why the bytes are not a sequence of whole, well-formed responses, if they are not.
  var failure: String?

  /// Reads `bytes` as the answers to requests of which those at the indices in `heads` were HEAD.
  init(_ bytes: [UInt8], heads: Set<Int> = []) {
    var offset = 0
    while offset < bytes.count {
      guard let end = Self.headEnd(in: bytes, from: offset) else {
        failure = "the bytes end inside a response head: \(Self.show(bytes[offset...]))"
        return
      }
      let lines = String(decoding: bytes[offset..<end - 4], as: UTF8.self).components(separatedBy: "\r\n")
      guard let status = Self.status(of: lines[0]) else {
        failure = "'\(lines[0].prefix(120))' is not an HTTP/1.1 status line"
        return
      }
      var response = Response(status: status, headers: [], body: [])
      for line in lines.dropFirst() {
        guard let colon = line.firstIndex(of: ":"), colon != line.startIndex, line[line.index(after: colon)...].hasPrefix(" ") else {
          failure = "'\(line.prefix(120))' is not a header field (status \(status))"
          return
        }
        response.headers.append((String(line[..<colon]), String(line[line.index(colon, offsetBy: 2)...])))
      }
      if status == 101 {
        responses.append(response)
        afterUpgrade = Array(bytes[end...])
        return
      }
      guard let lengthText = response.header("Content-Length"), let length = Int(lengthText), length >= 0 else {
        failure = "a \(status) response without a Content-Length"
        return
      }
      // A refusal of a request the server could not read as a HEAD (a malformed one) carries its
      // body: the server cannot trust it to be one.
      let closes = response.header("Connection")?.lowercased() == "close"
      let bodyLength = heads.contains(responses.count) && !(closes && bytes.count - end == length) ? 0 : length
      guard end + bodyLength <= bytes.count else {
        failure = "the bytes end inside the \(length)-byte body of a \(status) response"
        return
      }
      response.body = Array(bytes[end..<end + bodyLength])
      responses.append(response)
      offset = end + bodyLength
    }
  }

  /// The index just past the CRLF CRLF that ends a head starting at `start`.
  private static func headEnd(in bytes: [UInt8], from start: Int) -> Int? {
    guard bytes.count >= start + 4 else { return nil }
    for index in start...(bytes.count - 4)
    where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
      return index + 4
    }
    return nil
  }

  private static func status(of line: String) -> Int? {
    let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0] == "HTTP/1.1", parts[1].count == 3, let status = Int(parts[1]), !parts[2].isEmpty else { return nil }
    return status
  }

  static func show(_ bytes: ArraySlice<UInt8>) -> String {
    String(decoding: bytes.prefix(160), as: UTF8.self).debugDescription
  }
}
