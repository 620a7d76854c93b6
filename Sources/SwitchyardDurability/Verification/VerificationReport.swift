import SwitchyardJournal

/// What `verify` found replaying a data directory through this build.
public struct VerificationReport: Sendable {
  /// The data directory verified.
  public var directory: String
  /// This build's application version.
  public var version: Int
  /// The snapshot replay started from, and the last record it replayed.
  public var fromSnapshot: UInt64 = 0
  public var lastRecord: UInt64 = 0
  /// How many records were replayed, and how many state digests and later snapshots matched.
  public var records = 0
  public var digests = 0
  public var snapshots = 0
  /// How many records' lists of the effects their actions returned matched.
  public var effects = 0
  /// How many digests an older version wrote before a state migration, which cannot be compared.
  public var olderDigests = 0
  /// Records missing where a repair continued from a snapshot ahead of the damage; replay went on
  /// from that snapshot, so they were not checked.
  public var missing: [ClosedRange<UInt64>] = []
  /// Damage that a later snapshot covers: recovery never reads it, and replay went on from that
  /// snapshot, but the records it spans were not checked, and `history` cannot rebuild their
  /// states. Verification fails on it, so that a health check sees it.
  public var damaged: [JournalDamage] = []
  /// The divergences found that a later `divergenceAccepted` record accepted, oldest first.
  public var accepted: [AcceptedDivergence] = []
  /// The first divergence no record accepted, which ended the replay.
  public var divergence: ReplayDivergence?
  /// Why a record or snapshot could not be replayed at all (a migration missing or failing).
  public var failure: String?
  /// How long the replay took.
  public var elapsed: Duration = .zero

  /// Whether this build replays the directory as it was recorded, and all of it could be read.
  public var passed: Bool {
    divergence == nil && failure == nil && damaged.isEmpty
  }

  /// One line saying what was checked, for a passing run.
  public var summary: String {
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return "verified \(directory) through version \(version): \(records) records from the snapshot of record \(fromSnapshot) "
      + "to record \(lastRecord), \(digests) state digests, \(snapshots) snapshots and \(effects) records' effects matched"
      + (olderDigests > 0 ? " (\(olderDigests) digests of an older version's state not comparable)" : "")
      + missing.map { "; records \($0.lowerBound)–\($0.upperBound) are missing (a repair cut them), replayed on from the snapshot of \($0.upperBound)" }.joined()
      + damagedPassages
      + (accepted.isEmpty ? "" : ", \(accepted.count) divergence\(accepted.count == 1 ? "" : "s") accepted (below)") + ", in "
      + "\((seconds * 1000).rounded() / 1000) s"
  }

  /// The summary's clauses on the damage replay went past.
  private var damagedPassages: String {
    damaged.map { damage in
      "; records \(damage.records.lowerBound)–\(damage.snapshot) were not checked (\(damage.segment) is damaged), replayed on "
        + "from the snapshot of \(damage.snapshot)"
    }.joined()
  }

  /// What failed, a paragraph each: the damage, then the divergence or the failure, or what else
  /// was checked when only damage failed it.
  public var problems: [String] {
    var problems = damaged.map { "\($0)" }
    if let divergence {
      problems.append("\(divergence)")
    } else if let failure {
      problems.append(failure)
    } else if !damaged.isEmpty {
      problems.append("Apart from the damage, \(summary)")
    }
    return problems
  }

  /// A line for each accepted divergence, to follow the summary.
  public var acceptedLines: [String] {
    accepted.map { "  accepted: \($0.summary)" }
  }
}
