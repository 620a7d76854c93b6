import SwitchyardWire

/// The record `start --accept-divergence` journals when recovery's replay diverged from the journal
/// and went on (proto/JOURNAL.md, "Accepted divergences"): how many times, and the first ten, each
/// with its kind, the actions it names and its diff, so `history` shows who accepted what, and
/// later replays (`verify`, a `start` from an older snapshot) take those divergences as accepted.
///
/// `{"divergenceAccepted":{"count":N,"build":V,"divergences":[{"kind":"effects","sequence":S,"writtenBy":V,"actions":[{"sequence":S,"action":"path"}],"diff":"…"}]}}`
struct DivergenceAcceptedRecord: Codable {
  struct Body: Codable {
    var count: Int
    /// The version of the build that accepted them.
    var build: Int
    var divergences: [Divergence]
  }

  struct Divergence: Codable {
    var kind: String
    var sequence: UInt64
    var writtenBy: Int
    var actions: [Action]
    var diff: String?
  }

  struct Action: Codable {
    var sequence: UInt64
    var action: String
  }

  /// At most this many divergences are listed; `count` says how many there were.
  static let listed = 10

  var divergenceAccepted: Body

  /// The record of `divergences`, accepted by a build of version `build`.
  init(_ divergences: [ReplayDivergence], build: Int) {
    let listed = divergences.prefix(Self.listed).map { divergence in
      Divergence(
        kind: "\(divergence.kind)", sequence: divergence.sequence, writtenBy: divergence.writtenBy,
        actions: divergence.actions.map { Action(sequence: $0.sequence, action: $0.path) }, diff: divergence.diff
      )
    }
    divergenceAccepted = Body(count: divergences.count, build: build, divergences: listed)
  }

  /// The record's payload.
  func payload() throws -> [UInt8] {
    try WireJSONEncoder().encode(self)
  }

  /// The record whose payload is `payload`; `nil` when it is a record of another kind, read
  /// without parsing it.
  init?(payload: [UInt8]) {
    guard payload.starts(with: Self.prefix), let record = try? WireJSONDecoder().decode(Self.self, from: payload) else { return nil }
    self = record
  }

  /// How every such record's payload begins, as ``payload()`` writes it.
  private static let prefix = Array(#"{"divergenceAccepted":"#.utf8)
}
