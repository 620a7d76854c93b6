import Foundation
import SwitchyardDurability

/// `verify`: replays a data directory through this build, offline and read-only, and says whether
/// it reaches what the journal recorded: what CI runs against a copy of production data before a
/// deploy.
enum VerifyCommand {
  static func command(toolName: String, replays: [HistoryReplay]) -> Command {
    Command(
      name: "verify",
      abstract: "Replay a data directory through this build and check it against what was recorded.",
      discussion: """
        Reads the data directory (--data-dir, or RUN_DIR/data) without its lock and changes
        nothing, so it can run beside a coordinator or on a copy. It replays the journal through
        this build's reducer from the oldest kept snapshot to the end, decoding what older versions
        wrote through the application's migrations, and compares the state with every state digest
        the journal recorded and with every later snapshot, and the effects each action returns
        with the ones its record lists.

        Exits 0 with a one-line summary when everything matches; exits 1 with the first
        divergence — the action, and how the state or its effects differ — or the record no
        migration reads. It exits 1 too on damage that a later snapshot covers, naming the file
        and the records: the coordinator does not need them, as it recovers from that snapshot or
        a later one, so the replay goes on from there and still checks the rest.
        A divergence that 'start --accept-divergence' accepted (its divergenceAccepted record
        follows it in the journal) passes, as it does for the next start: it is listed under the
        summary with the record that accepted it, its time and that build's version. A divergence
        after that record, or of another kind or action than the record lists, still fails.
        Run it in CI against a copy of production data (a 'backup') before deploying a new version.
        """,
      options: [DataDirectoryOption.option, .runDirectory, .flag("--json", help: "Print the report as one JSON object.")],
      examples: [
        "\(toolName) verify",
        "\(toolName) verify --data-dir /var/backups/\(toolName)/latest --json",
      ],
      run: { arguments in try await run(arguments, replays: replays) }
    )
  }

  @MainActor
  private static func run(_ arguments: ParsedArguments, replays: [HistoryReplay]) async throws -> Int32 {
    let directory = DataDirectoryOption.path(arguments)
    let report = try HistoryCommand.replay(for: directory, among: replays).verify(directory)
    if arguments.flag("--json") {
      StandardStream.output.write(try JSONText.compact(VerificationJSON(report)) + "\n")
    } else if report.passed {
      StandardStream.output.write(([report.summary] + report.acceptedLines).joined(separator: "\n") + "\n")
    } else {
      StandardStream.error.write(report.problems.joined(separator: "\n") + "\n")
    }
    return report.passed ? 0 : 1
  }
}

/// `verify --json`: the report, the divergences records accepted and the first divergence none
/// did, each with its diff.
private struct VerificationJSON: Encodable {
  struct Divergence: Encodable {
    var kind: String
    var sequence: UInt64
    var actions: [Action]
    var diff: String?
    var message: String

    init(_ divergence: ReplayDivergence) {
      kind = "\(divergence.kind)"
      sequence = divergence.sequence
      actions = divergence.actions.map { Action(sequence: $0.sequence, action: $0.path) }
      diff = divergence.diff
      message = "\(divergence)"
    }
  }

  /// A divergence and the `divergenceAccepted` record that accepted it.
  struct Accepted: Encodable {
    var divergence: Divergence
    var acceptedBy: AcceptedBy
  }

  struct AcceptedBy: Encodable {
    var sequence: UInt64
    var time: String
    var build: Int
  }

  struct Action: Encodable {
    var sequence: UInt64
    var action: String
  }

  var passed: Bool
  var directory: String
  var version: Int
  var fromSnapshot: UInt64
  var lastRecord: UInt64
  var records: Int
  var digests: Int
  var snapshots: Int
  var effects: Int
  var missing: [[UInt64]]
  var damaged: [JournalDamage]
  var seconds: Double
  var accepted: [Accepted]
  var divergence: Divergence?
  var failure: String?

  init(_ report: VerificationReport) {
    passed = report.passed
    directory = report.directory
    version = report.version
    fromSnapshot = report.fromSnapshot
    lastRecord = report.lastRecord
    records = report.records
    digests = report.digests
    snapshots = report.snapshots
    effects = report.effects
    missing = report.missing.map { [$0.lowerBound, $0.upperBound] }
    damaged = report.damaged
    seconds = Double(report.elapsed.components.seconds) + Double(report.elapsed.components.attoseconds) / 1e18
    accepted = report.accepted.map { accepted in
      let time = Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(accepted.acceptedAt)
      return Accepted(
        divergence: Divergence(accepted.divergence), acceptedBy: AcceptedBy(sequence: accepted.record, time: time, build: accepted.build)
      )
    }
    divergence = report.divergence.map(Divergence.init)
    failure = report.failure
  }
}
