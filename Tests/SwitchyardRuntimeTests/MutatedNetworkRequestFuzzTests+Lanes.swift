import SwitchyardTestSupport
import SwitchyardWire
@testable import SwitchyardRuntime

/// The fuzzing clients of ``MutatedNetworkRequestFuzzTests``: each makes one connection per call,
/// checks what came back into its tally, and returns how many requests it sent.
extension MutatedNetworkRequestFuzzTests {
  /// The TCP control listener: mostly a `hello` with the token and then what the control fuzz
  /// sends; else an opening it must refuse, followed by actions it must never take.
  static func control(port: UInt16, seed: UInt64, tally: FuzzTally) -> () -> Int {
    var mutator = ControlRequestMutator(seed: seed, lane: 7)
    var intruders: UInt64 = 100
    return {
      let (opening, admitted) = mutator.opening(token: controlToken)
      var requests = [opening]
      for _ in 0..<(opening.breaksFraming ? 0 : Int.random(in: 0...12, using: &mutator.random)) {
        intruders += 1
        let request =
          admitted || mutator.random.chance(50)
          ? mutator.next() : FuzzRequest(bytes: ControlRequestMutator.frame(ControlRequestMutator.intruder(id: intruders).bytes), mutation: "intruder")
        requests.append(request)
        if request.breaksFraming { break }
      }
      let ending: RawExchange.Ending = mutator.random.chance(5) ? .abandon : mutator.random.chance(5) ? .reset : .shutWriting
      guard let fd = connectLoopback(port: port) else {
        tally.problem("could not connect to the TCP control listener")
        return requests.count
      }
      let exchange = FuzzExchange.run(fd: fd, writing: requests.flatMap(\.bytes), ending: ending)
      if admitted {
        tally.record(exchange, of: requests, abandoned: ending != .shutWriting)
      } else {
        let (found, replies) = NetworkFuzzChecks.refusedControl(exchange, abandoned: ending != .shutWriting)
        let sent = requests.map { "\($0.mutation): \(String(decoding: $0.bytes.prefix(200), as: UTF8.self).debugDescription)" }
        tally.note(requests: requests.count, mutations: requests.map { "refused " + $0.mutation }, replies: replies, found: found, sent: sent)
      }
      return requests.count
    }
  }

  /// The inspector's or the metrics' HTTP: requests well-formed and mutated, with the token and without.
  static func http(_ listener: HTTPFuzzListener, seed: UInt64, tally: FuzzTally) -> () -> Int {
    var mutator = HTTPRequestMutator(listener: listener, seed: seed, lane: 1)
    return {
      let connection = mutator.next()
      guard let fd = connectLoopback(port: listener.port) else {
        tally.problem("could not connect to the \(listener.name)")
        return 1
      }
      let exchange = RawExchange.run(fd: fd, writing: connection.bytes, ending: connection.ending)
      let (found, replies) = NetworkFuzzChecks.http(exchange, connection, listener)
      let sent = [String(decoding: connection.bytes.prefix(700), as: UTF8.self).debugDescription + " (\(connection.ending))"]
      tally.note(requests: connection.mutations.count, mutations: connection.mutations.map { "http " + $0 }, replies: replies, found: found, sent: sent)
      return connection.mutations.count
    }
  }

  /// The inspector's WebSocket: handshakes, then requests, control frames and protocol errors.
  static func webSocket(_ listener: HTTPFuzzListener, seed: UInt64, tally: FuzzTally) -> () -> Int {
    var mutator = WebSocketRequestMutator(token: listener.token, seed: seed, lane: 2)
    return {
      let connection = mutator.next()
      guard let fd = connectLoopback(port: listener.port) else {
        tally.problem("could not connect to the inspector's WebSocket")
        return 1
      }
      let exchange = RawExchange.run(fd: fd, writing: connection.bytes, ending: connection.ending)
      let (found, replies) = NetworkFuzzChecks.webSocket(exchange, connection, listener)
      let sent = connection.mutations + [String(decoding: connection.bytes.prefix(700), as: UTF8.self).debugDescription + " (\(connection.ending))"]
      tally.note(requests: connection.requests + 1, mutations: connection.mutations.map { "ws " + $0 }, replies: replies, found: found, sent: sent)
      return connection.requests + 1
    }
  }
}
