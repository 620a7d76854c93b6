
/// Replay through this build reached another state than the one the journal recorded, or could
/// not check it: what `start` refuses to serve unless told to accept it, and what `verify` reports.
public struct ReplayDivergence: Error, Equatable, Sendable, CustomStringConvertible {
  /// What differs.
  public enum Kind: Equatable, Sendable {
    /// The state replay reached digests otherwise than the one recorded.
    case state
    /// The records were written by an older version whose state's JSON a migration changes, so
    /// the digests they recorded cannot be compared with this build's state.
    case unverifiable
    /// A later snapshot holds another state than replay reached.
    case snapshot
    /// The action's reduction returned other effects than the ones its record lists.
    case effects
  }

  /// What differs.
  public var kind: Kind
  /// The record whose state digest (or the snapshot whose state) replay was checked against.
  public var sequence: UInt64
  /// The actions replayed since the last check, oldest first: one of them diverged.
  public var actions: [ReplayedAction]
  /// The version of the application that wrote the records, and this build's.
  public var writtenBy: Int
  public var build: Int
  /// How the state changed through this build since the last check (a snapshot diff: how the
  /// snapshot differs from the replayed state; an effects diff: the recorded effects against the
  /// replayed ones), `-` lines before and `+` lines after.
  public var diff: String?

  /// An action replayed, by record and case path.
  public struct ReplayedAction: Equatable, Sendable {
    public var sequence: UInt64
    public var path: String
  }

  /// The diverging action, or the range it lies in, as a sentence's object.
  var culprit: String {
    guard let last = actions.last else { return "no action (the state was already different)" }
    guard actions.count > 1, let first = actions.first else { return "journal record \(last.sequence) (\(last.path))" }
    return "one of the \(actions.count) actions in journal records \(first.sequence) through \(last.sequence) "
      + "(\(actions.suffix(3).map(\.path).joined(separator: ", "))\(actions.count > 3 ? ", …" : ""))"
  }

  public var description: String {
    let versions = writtenBy == build ? "version \(build), as is this build" : "version \(writtenBy); this build is version \(build)"
    let how = diff.map { "\n\($0)" } ?? ""
    switch kind {
    case .state:
      return "Replaying \(culprit) through this build reached another state than the coordinator that journaled it "
        + "(\(versions)) recorded with record \(sequence): the reducer now does something else with it. Through this build "
        + "it changed the state so:\(how)\nRun the version that wrote the journal, or accept the new behaviour with "
        + "--accept-divergence (the state this build reaches is kept, and snapshotted)."
    case .unverifiable:
      return "Journal records up to \(sequence), from \(culprit), were written by \(versions), and a migration changes the "
        + "state's JSON since, so replaying them through this build cannot be checked against what that version reached. "
        + "Run version \(writtenBy) and stop it with Ctrl-C or SIGTERM (an orderly stop snapshots, so the next start replays "
        + "nothing), or accept this build's replay with --accept-divergence."
    case .effects:
      return "Replaying \(culprit) through this build returned other effects than the coordinator that journaled it "
        + "(\(versions)) recorded: the reducer now starts other work for it (- recorded, + replayed):\(how)\nRun the "
        + "version that wrote the journal, or accept the new behaviour with --accept-divergence (recovery goes on with "
        + "this build's state, and the effects it starts again are this build's)."
    case .snapshot:
      return "The snapshot of record \(sequence) holds another state than replaying the journal up to it through this build "
        + "(\(versions)) reaches, after \(culprit); the snapshot is the - side:\(how)"
    }
  }
}
