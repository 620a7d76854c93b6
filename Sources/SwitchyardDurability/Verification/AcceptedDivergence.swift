import Foundation

/// A divergence replay found that a later `divergenceAccepted` record accepted (`start
/// --accept-divergence`, proto/JOURNAL.md "Accepted divergences"): replay goes on past it, and
/// `verify` lists it with the record instead of failing.
public struct AcceptedDivergence: Equatable, Sendable {
  /// What replay through this build found.
  public var divergence: ReplayDivergence
  /// The sequence number of the record that accepted it.
  public var record: UInt64
  /// When that record was journaled, in nanoseconds since 1970 (UTC).
  public var acceptedAtNanoseconds: Int64
  /// The version of the build that accepted it.
  public var build: Int

  /// When the record that accepted it was journaled.
  public var acceptedAt: Date {
    Date(timeIntervalSince1970: Double(acceptedAtNanoseconds) / 1e9)
  }

  /// `state of record 1 (add), accepted by record 5 (2026-11-28T20:15:02Z) through version 2`.
  public var summary: String {
    let actions = divergence.actions.last.map { " (\($0.path))" } ?? ""
    return "\(divergence.kind) of record \(divergence.sequence)\(actions), accepted by record \(record) "
      + "(\(acceptedAt.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)))) through version \(build)"
  }
}
