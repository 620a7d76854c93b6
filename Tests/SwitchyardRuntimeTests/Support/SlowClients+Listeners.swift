import SwitchyardWire
@testable import SwitchyardRuntime

extension SlowClients {
  /// Against each listener: a silent client, one that stops inside its first frame or head, one
  /// that trickles it a byte every 400 ms, one whose body never comes, and `flood` silent ones
  /// past the connection cap, which make the listener evict the oldest silent ones.
  mutating func openAll(control: UInt16, inspector: UInt16, metrics: UInt16, controlToken: String, flood: Int) {
    var hello: [UInt8] = []
    ControlMessage.hello(Hello(role: "client", pid: 4242, token: controlToken)).appendFrame(to: &hello)
    open(port: control, listener: "control", what: "silent")
    open(port: control, listener: "control", what: "half a frame header", writing: [0, 0])
    open(port: control, listener: "control", what: "a hello cut short", writing: Array(hello.dropLast(3)))
    open(port: control, listener: "control", what: "a hello trickled", writing: hello, interval: .milliseconds(400))
    for (name, port, target) in [("inspector", inspector, "/"), ("metrics", metrics, "/metrics")] {
      let head = Array("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
      open(port: port, listener: name, what: "silent")
      open(port: port, listener: name, what: "a head cut short", writing: Array(head.dropLast(2)))
      open(port: port, listener: name, what: "a head trickled", writing: head, interval: .milliseconds(400))
      open(port: port, listener: name, what: "a body that never comes", writing: Array("POST \(target) HTTP/1.1\r\nContent-Length: 100\r\n\r\nab".utf8))
    }
    for (name, port) in [("control", control), ("inspector", inspector), ("metrics", metrics)] {
      for _ in 0..<flood { open(port: port, listener: name, what: "silent, at the cap") }
    }
  }

  /// What the listeners did that they should not have: left a client open, or answered one with
  /// anything but the one refusal that says why it was closed.
  var problems: [String] {
    clients.compactMap { client -> String? in
      var found: [String] = []
      if client.closedAfter == nil { found.append("still open when the slow clients gave up") }
      if client.listener == "control" {
        let kinds = Self.controlReplies(client.received)
        let allowed: Set<String> = ["error handshakeTimeout", "error evicted", "error tooManyConnections", "error noDescriptors"]
        if kinds.count != 1 || !allowed.contains(kinds[0]) { found.append("answered \(kinds)") }
      } else {
        let reader = HTTPResponseReader(client.received)
        if let failure = reader.failure { found.append(failure) }
        let statuses = reader.responses.map(\.status)
        if statuses.count > 1 || !statuses.allSatisfy({ [408, 503].contains($0) }) { found.append("answered \(statuses)") }
      }
      return found.isEmpty ? nil : "\(client.listener) client sending \(client.what): \(found.joined(separator: "; "))"
    }
  }

  /// How many clients of each listener were told what, for the report.
  var summary: String {
    var counts: [String: Int] = [:]
    for client in clients {
      let answer =
        client.listener == "control"
        ? Self.controlReplies(client.received).joined(separator: ",")
        : HTTPResponseReader(client.received).responses.map { "\($0.status)" }.joined(separator: ",")
      counts["\(client.listener) \(answer.isEmpty ? "closed" : answer)", default: 0] += 1
    }
    return counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
  }

  /// How many control clients were evicted to admit another.
  var evictions: Int {
    clients.filter { $0.listener == "control" && Self.controlReplies($0.received) == ["error evicted"] }.count
  }

  private static func controlReplies(_ bytes: [UInt8]) -> [String] {
    var decoder = FrameDecoder()
    decoder.append(contentsOf: bytes)
    var kinds: [String] = []
    while let payload = try? decoder.next() {
      guard let message = try? ControlMessage(payload: payload) else {
        kinds.append("unreadable")
        continue
      }
      if case let .error(nil, code, _) = message { kinds.append("error " + code.rawValue) } else { kinds.append(message.typeName) }
    }
    if decoder.bufferedByteCount > 0 { kinds.append("a frame cut short") }
    return kinds
  }
}
