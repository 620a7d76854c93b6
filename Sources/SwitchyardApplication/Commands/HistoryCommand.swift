import ComposableArchitecture
import Foundation
import SwitchyardDurability

/// `history`: the journaled actions of a data directory, and the state at and between any of
/// them, read offline with no coordinator.
enum HistoryCommand {
  static let defaultLimit = 20

  static func command(toolName: String, replays: [HistoryReplay]) -> Command {
    Command(
      name: "history",
      abstract: "List journaled actions, or show the state at or between past actions.",
      discussion: """
        Reads the data directory 'start' journals into (--data-dir, or RUN_DIR/data), with or
        without a coordinator running. Each line is one action: its sequence number, when it was
        journaled, the path of its cases, and what it changed in the state (the first change and
        how many more). Without --from, the last \(defaultLimit) (--limit) actions are listed.

        --at N rebuilds the state after action N from the nearest snapshot, replaying the
        journal's actions through the application's reducer with their recorded dependencies;
        --diff N..M shows what changed between two actions, as TestStore shows a failure.
        PATH is the dotted path 'status --state' takes: sessions.id=1.search.

        History reaches back as far as 'start' keeps it (--history-retention, --history-max-size);
        a listing asked to start earlier says where it starts. --set-aside FILE lists the records
        a 'start --repair' copied aside into a *.damaged file of the data directory.

        --export-test N..M DIR writes a Swift Testing test, its data embedded, into DIR (your
        feature's test target): it reduces actions N through M again, with the dependency values
        they were journaled with, and fails at the first state that differs from the one recorded.
        """,
      arguments: [
        CommandArgument("PATH", optional: true, help: "With --diff, the slice of the state to compare; with --export-test, the directory.")
      ],
      options: [
        DataDirectoryOption.option,
        .runDirectory,
        .value("--from", "N", help: "List from action N on."),
        .value("--limit", "N", help: "List at most N actions (default \(defaultLimit))."),
        .flag("--follow", help: "Keep listing actions as they are journaled, until Ctrl-C."),
        .flag("--json", help: "One JSON object per action: sequence, time, action, changes."),
        .value("--at", "N", help: "Print the state after action N."),
        .value("--state", "PATH", help: "With --at, print only the slice at PATH."),
        .value("--diff", "N..M", help: "Print what changed between action N and action M."),
        .value("--export-test", "N..M", help: "Write a test replaying actions N through M into the directory PATH."),
        SetAsideListing.option,
      ],
      examples: [
        "\(toolName) history",
        "\(toolName) history --from 1 --limit 100 --json",
        "\(toolName) history --follow",
        "\(toolName) history --at 42 --state sessions.id=1.search",
        "\(toolName) history --diff 40..42 sessions.id=1",
        "\(toolName) history --export-test 40..42 Tests/FeatureTests/Incidents",
        "\(toolName) history --set-aside /var/lib/\(toolName)/segment-00000000000000000001.log.from-160.damaged",
      ],
      run: { arguments in try await run(arguments, replays: replays, toolName: toolName) }
    )
  }

  @MainActor
  private static func run(_ arguments: ParsedArguments, replays: [HistoryReplay], toolName: String) async throws -> Int32 {
    let modes = ["--at", "--diff", "--follow", "--export-test", SetAsideListing.option.name].filter(arguments.flag)
    guard modes.count <= 1 else { throw UsageError.conflict("\(modes.joined(separator: " and ")) cannot be used together") }
    if let path = arguments.value(SetAsideListing.option.name) {
      try SetAsideListing.print(path: path, json: arguments.flag("--json"))
      return 0
    }
    let directory = DataDirectoryOption.path(arguments)
    let history = try JournalHistory(directory: directory)
    let replay = try self.replay(for: directory, among: replays)
    if let range = arguments.value("--export-test") {
      let (from, through) = try sequences(range)
      guard let directory = arguments.argument("PATH") else { throw UsageError.missingArgument("DIR") }
      let (recorded, reducerType) = try replay.export(history, from, through)
      let file = try HistoryTestExport.write(
        recorded, reducerType: reducerType, range: (from, through), toolName: toolName, to: directory
      )
      StandardStream.output.write("wrote a test of \(recorded.steps.count) actions to \(file)\n")
      return 0
    }
    if let range = arguments.value("--diff") {
      let (from, to) = try sequences(range)
      let path = arguments.argument("PATH") ?? ""
      let before = try slice(replay.state(history, from), path, from)
      let after = try slice(replay.state(history, to), path, to)
      let difference = diff(before.dumpTree, after.dumpTree) ?? "No change between action \(from) and action \(to)."
      StandardStream.output.write(difference + "\n")
      return 0
    }
    guard arguments.argument("PATH") == nil else { throw UsageError.conflict("PATH goes with --diff; use --state PATH with --at") }
    if arguments.flag("--at") || arguments.flag("--state") {
      let sequence = try arguments.value("--at", as: UInt64.self) ?? history.lastSequence()
      let path = arguments.value("--state") ?? ""
      StandardStream.output.write(try JSONText.pretty(slice(replay.state(history, sequence), path, sequence)))
      return 0
    }
    let limit = try arguments.value("--limit", as: Int.self) ?? defaultLimit
    guard limit > 0 else { throw UsageError.invalidValue(name: "--limit", value: "\(limit)", expected: "a whole number ≥ 1") }
    let json = arguments.flag("--json")
    var next: UInt64
    if let from = try arguments.value("--from", as: UInt64.self) {
      next = from
    } else {
      let last = try history.lastSequence()
      next = last >= UInt64(limit) ? last - UInt64(limit) + 1 : 1
    }
    var (entries, damaged) = try replay.entries(history, next, limit)
    for damage in damaged { StandardStream.error.write("\(damage)\n") }
    if let first = entries.first?.sequence, first > next {
      StandardStream.error.write(
        "history starts at #\(first): older records were removed by retention (start's --history-retention, --history-max-size)\n"
      )
    }
    try print(entries, json: json)
    guard arguments.flag("--follow") else { return 0 }
    while true {
      if let last = entries.last { next = last.sequence + 1 }
      try await Task.sleep(for: .milliseconds(500))
      (entries, damaged) = try replay.entries(history, next, .max)
      for damage in damaged { StandardStream.error.write("\(damage)\n") }
      try print(entries, json: json)
    }
  }

  /// The replay of the application whose reducer wrote `directory`.
  static func replay(for directory: String, among replays: [HistoryReplay]) throws -> HistoryReplay {
    guard FileManager.default.fileExists(atPath: directory + "/FORMAT") else { throw HistoryError.noJournal(directory: directory) }
    guard let owner = try JournalOwner.read(directory: directory) else { return replays[0] }
    guard let replay = replays.first(where: { $0.owner.reducer == owner.reducer }) else {
      throw HistoryError.unknownOwner(directory: directory, owner: owner, known: replays.map(\.owner))
    }
    return replay
  }

  private static func sequences(_ range: String) throws -> (UInt64, UInt64) {
    let bounds = range.components(separatedBy: "..")
    guard bounds.count == 2, let from = UInt64(bounds[0]), let to = UInt64(bounds[1]) else { throw HistoryError.badRange(range) }
    return (from, to)
  }

  private static func slice(_ state: JSONValue, _ path: String, _ sequence: UInt64) throws -> JSONValue {
    guard let slice = state[dottedPath: path] else { throw HistoryError.unknownPath(path: path, sequence: sequence) }
    return slice
  }

  private static func print(_ entries: [HistoryEntry], json: Bool) throws {
    guard !entries.isEmpty else { return }
    let lines = try entries.map { entry in
      json ? try JSONText.compact(entry) : HistoryLine.render(entry)
    }
    StandardStream.output.write(lines.joined(separator: "\n") + "\n")
  }
}
