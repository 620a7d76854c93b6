
/// `scale KIND=N …`: resizes worker pools while they run.
enum ScaleCommand {
  static func command(toolName: String, kinds: [String]) -> Command {
    Command(
      name: "scale",
      abstract: "Resize worker pools live and print their new sizes.",
      discussion: """
        Growing starts workers at once. Shrinking drains: a worker leaving the pool finishes or
        hands back its in-flight effects first, so nothing is lost. '\(toolName) status' shows
        SIZE as current→target until the pool gets there.
        """,
      arguments: [CommandArgument("KIND=N", repeatable: true, help: "A pool's job kind and its new number of workers.")],
      options: [.runDirectory, .flag("--json", help: "Print each pool's size before and after as JSON.")],
      examples: ["\(toolName) scale \(kinds.first ?? "KIND")=4", "\(toolName) scale " + kinds.map { "\($0)=2" }.joined(separator: " ")],
      run: { arguments in
        var requested: [String: Int] = [:]
        for text in arguments.arguments("KIND=N") {
          let pool = try PoolSize(parsing: text, argument: "KIND=N")
          guard requested.updateValue(pool.size, forKey: pool.kind) == nil else {
            throw UsageError.conflict("'\(pool.kind)' is given more than once")
          }
        }
        let connection = try CoordinatorConnection(runDirectory: arguments.runDirectory).leading()
        let before = Dictionary(try connection.status().pools.map { ($0.kind, $0.target) }) { first, _ in first }
        let targets = try connection.scale(requested)
        if arguments.flag("--json") {
          let pools = Dictionary(uniqueKeysWithValues: targets.map { kind, size in (kind, Resize(was: before[kind], now: size)) })
          StandardStream.output.write(try JSONText.compact(["pools": pools]) + "\n")
          return 0
        }
        var table = Table([.init("POOL"), .init("WAS", alignsRight: true), .init("NOW", alignsRight: true)])
        for (kind, size) in targets.sorted(by: { $0.key < $1.key }) {
          let was = before[kind]
          table.append([.init(kind), .init(was.map(String.init) ?? "-"), .init("\(size)", color: was == size ? nil : .green)])
        }
        StandardStream.output.write(table.render(colored: StandardStream.output.allowsColor))
        return 0
      }
    )
  }

  /// A pool's size before and after, as `--json` prints it.
  private struct Resize: Encodable {
    var was: Int?
    var now: Int
  }
}
