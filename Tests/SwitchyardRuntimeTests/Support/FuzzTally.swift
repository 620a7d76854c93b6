import Synchronization
import SwitchyardWire
@testable import SwitchyardRuntime

/// What the fuzz saw, shared by its clients: counts for the report and problems for the test.
final class FuzzTally: Sendable {
  private struct Counts {
    var requests = 0
    var connections = 0
    var mutations: [String: Int] = [:]
    var replies: [String: Int] = [:]
    var wellBehavedRounds = 0
    var workerPIDs: Set<Int32> = []
    var problems: [String] = []
  }

  private let counts = Mutex(Counts())
  /// Set once the fuzzing clients are done, which ends the well-behaved one.
  let stormOver = Atomic<Bool>(false)

  static let replyTypes: Set<String> = [
    "hello", "statusReport", "stateSlice", "stateChanged", "unsubscribed", "sent", "scaled", "error",
  ]
  /// PROTOCOL.md section 5's codes; `internal` and `journalFailed` are in it, but a fuzz that
  /// meets them has found something.
  static let errorCodes: Set<String> = [
    "badRequest", "versionMismatch", "unknownPath", "invalidAction", "actionRefused", "unknownPool", "notSubscribed",
    "shuttingDown", "notLeader", "unauthorized", "tooLarge", "tooManySubscriptions", "alreadySubscribed",
    "tooManyConnections", "noDescriptors", "handshakeTimeout", "idleTimeout", "evicted", "repliesUnread",
    "requestsOverBudget",
  ]
  /// Id-less errors after which a connection's remaining requests go unanswered, by design.
  static let closingCodes: Set<String> = [
    "versionMismatch", "tooManyConnections", "noDescriptors", "handshakeTimeout", "idleTimeout", "evicted",
    "repliesUnread", "requestsOverBudget",
  ]

  var requests: Int { counts.withLock { $0.requests } }
  var problems: [String] { counts.withLock { $0.problems } }
  var workerPIDs: Set<Int32> { counts.withLock { $0.workerPIDs } }

  func problem(_ text: String) {
    counts.withLock { $0.problems.append(text) }
  }

  func noteWorkers(_ report: StatusReport) {
    counts.withLock { $0.workerPIDs.formUnion(report.workers.map(\.pid).filter { $0 > 0 }) }
  }

  func noteWellBehaved() {
    counts.withLock { $0.wellBehavedRounds += 1 }
  }

  /// Checks one connection's replies against what it sent.
  func record(_ exchange: FuzzExchange, of requests: [FuzzRequest], abandoned: Bool) {
    var (found, replyKinds, answered, closedEarly) = Self.read(exchange)
    if !abandoned, !closedEarly {
      // The requests left valid are all answered, as the protocol promises, the framing intact or not.
      let missing = requests.compactMap(\.answeredID).filter { !answered.contains($0) }
      if !missing.isEmpty { found.append("valid requests \(missing) went unanswered") }
    }
    note(
      requests: requests.count, mutations: requests.map(\.mutation), replies: replyKinds, found: found,
      sent: requests.map { "\($0.mutation): \(String(decoding: $0.bytes.prefix(200), as: UTF8.self).debugDescription)" }
    )
  }

  /// What a control connection was sent back: its reply kinds, whatever in it breaks the
  /// protocol, the ids answered, and whether an error without an id closed it early.
  static func read(_ exchange: FuzzExchange) -> (found: [String], replies: [String], answered: Set<UInt64>, closedEarly: Bool) {
    var found: [String] = []
    var replyKinds: [String] = []
    var answered: Set<UInt64> = []
    var closedEarly = false
    for payload in exchange.payloads {
      guard let message = try? ControlMessage(payload: payload) else {
        found.append("a reply that is no control message: \(String(decoding: payload.prefix(300), as: UTF8.self))")
        continue
      }
      if !replyTypes.contains(message.typeName) { found.append("a '\(message.typeName)' sent to a client") }
      if let id = message.id { answered.insert(id) }
      guard case let .error(id, code, text) = message else {
        replyKinds.append(message.typeName)
        continue
      }
      replyKinds.append("error " + code.rawValue)
      if !errorCodes.contains(code.rawValue) { found.append("error code '\(code)' (\(text))") }
      if id == nil, closingCodes.contains(code.rawValue) { closedEarly = true }
    }
    if let failure = exchange.failure { found.append(failure) }
    return (found, replyKinds, answered, closedEarly)
  }

  /// Counts one connection of any listener: its `requests`, their `mutations` (counted by first
  /// word), the `replies` by kind, and, when anything was `found`, a problem that shows what was `sent`.
  func note(requests: Int, mutations: [String], replies: [String], found: [String], sent: [String]) {
    counts.withLock { counts in
      counts.requests += requests
      counts.connections += 1
      for mutation in mutations { counts.mutations[mutation.split(separator: " ").first.map(String.init) ?? "", default: 0] += 1 }
      for kind in replies { counts.replies[kind, default: 0] += 1 }
      guard !found.isEmpty else { return }
      counts.problems.append((found + ["  after writing:"] + sent.map { "    " + $0 }).joined(separator: "\n"))
    }
  }

  var summary: String {
    counts.withLock { counts in
      let mutations = counts.mutations.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
      let replies = counts.replies.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
      return """
        \(counts.requests) requests over \(counts.connections) connections (\(mutations)); \
        replies: \(replies); \(counts.wellBehavedRounds) well-behaved rounds; \(counts.workerPIDs.count) workers seen
        """
    }
  }
}
