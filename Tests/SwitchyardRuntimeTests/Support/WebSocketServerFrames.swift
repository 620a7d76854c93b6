import SwitchyardWire

/// The frames an inspector sent a fuzzing client after its 101, each checked: unmasked, no
/// reserved bits, a known opcode, text that is UTF-8 and a JSON message of a known type, a close
/// whose code is allowed on the wire, and nothing after the close.
struct WebSocketServerFrames {
  /// The `type` of each text message, in order.
  var messageTypes: [String] = []
  /// Whether a close frame came, and its code (`nil` for an empty one).
  var sawClose = false
  var closeCode: UInt16?
  var problems: [String] = []

  static let messageTypes: Set<String> = [
    "status", "actions", "state", "diff", "history", "effects", "effect", "samples", "whatIf", "done", "error",
  ]

  init(_ bytes: [UInt8]) {
    var offset = 0
    var fragments: [UInt8]?
    while offset < bytes.count {
      guard bytes.count - offset >= 2 else { problem("the stream ends inside a frame header"); return }
      let first = bytes[offset]
      let second = bytes[offset + 1]
      var length = UInt64(second & 0x7F)
      var header = 2
      if length == 126 {
        guard bytes.count - offset >= 4 else { problem("the stream ends inside a frame header"); return }
        length = UInt64(bytes[offset + 2]) << 8 | UInt64(bytes[offset + 3])
        header = 4
      } else if length == 127 {
        guard bytes.count - offset >= 10 else { problem("the stream ends inside a frame header"); return }
        length = bytes[(offset + 2)..<(offset + 10)].reduce(0) { $0 << 8 | UInt64($1) }
        header = 10
      }
      guard length <= UInt64(bytes.count - offset - header) else { problem("the stream ends inside a \(length)-byte frame"); return }
      let payload = Array(bytes[(offset + header)..<(offset + header + Int(length))])
      offset += header + Int(length)
      if sawClose { problem("a frame (opcode \(first & 0x0F)) after the close frame"); return }
      if first & 0x70 != 0 { problem("reserved bits set: \(first)") }
      if second & 0x80 != 0 { problem("a masked frame from the server") }
      let fin = first & 0x80 != 0
      switch first & 0x0F {
      case 0x1 where fin: text(payload)
      case 0x1: fragments = payload
      case 0x0:
        guard var held = fragments else { problem("a continuation with no message to continue"); return }
        held += payload
        fragments = fin ? nil : held
        if fin { text(held) }
      case 0x2: problem("a binary message")
      case 0x8: close(payload)
      case 0x9, 0xA: if payload.count > 125 || !fin { problem("a control frame of \(payload.count) bytes, fin \(fin)") }
      default: problem("opcode \(first & 0x0F)")
      }
    }
  }

  private mutating func problem(_ text: String) {
    problems.append(text)
  }

  private mutating func text(_ payload: [UInt8]) {
    guard String(validating: payload, as: UTF8.self) != nil else { problem("a text message that is not UTF-8"); return }
    guard case let .object(fields)? = try? WireJSONDecoder().parse(payload), let type = fields["type"]?.stringValue else {
      problem("a message that is no JSON object with a type: \(String(decoding: payload.prefix(200), as: UTF8.self))")
        return
    }
    if !Self.messageTypes.contains(type) { problem("a '\(type)' message") }
    if type == "error", let message = fields["message"]?.stringValue, message.contains("could not encode") {
      problem("an error saying \(message)")
    }
    messageTypes.append(type)
  }

  private mutating func close(_ payload: [UInt8]) {
    sawClose = true
    guard !payload.isEmpty else { return }
    guard payload.count >= 2, payload.count <= 125 else { problem("a close frame of \(payload.count) bytes"); return }
    let code = UInt16(payload[0]) << 8 | UInt16(payload[1])
    closeCode = code
    if !(1000...1003).contains(code), !(1007...1014).contains(code), !(3000...4999).contains(code) {
      problem("close code \(code), which no endpoint may send")
    }
    if String(validating: payload[2...], as: UTF8.self) == nil { problem("a close reason that is not UTF-8") }
  }
}
