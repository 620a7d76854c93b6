import Foundation
import SwitchyardTestSupport
import SwitchyardWire

/// The repository's `deploy/` folder, read by the manifest tests.
enum DeployFiles {
  /// `deploy/` in this checkout (this file is in Tests/SwitchyardRedisTests/Support/).
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("deploy")

  /// The text of `deploy/<path>`.
  static func text(_ path: String) throws -> String {
    try String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8)
  }

  /// Every `.yaml` file under `deploy/kubernetes/`, by name.
  static var manifestNames: [String] {
    let folder = directory.appendingPathComponent("kubernetes").path
    return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".yaml") }.sorted()
  }

  /// The documents of each manifest, parsed by PyYAML (a real YAML parser) and handed over as JSON.
  static func manifests() async throws -> [String: [JSONValue]] {
    let script = """
      import json, sys
      try:
          import yaml
      except ImportError:
          sys.exit(3)
      out = {}
      for path in sys.argv[1:]:
          with open(path) as f:
              out[path.rsplit('/', 1)[-1]] = [d for d in yaml.safe_load_all(f) if d is not None]
      json.dump(out, sys.stdout)
      """
    // Off the cooperative threads: Python's start, under a loaded machine, takes seconds.
    let result: CommandResult
    do {
      result = try await runToExit(
        ["python3", "-c", script] + manifestNames.map { directory.appendingPathComponent("kubernetes/\($0)").path },
        executable: "/usr/bin/env",
        within: 60
      )
    } catch {
      throw DeployTestError.pyYAMLMissing("python3 did not run (\(error))")
    }
    switch result.status {
    case 0: break
    case 3, 127: throw DeployTestError.pyYAMLMissing(result.errorOutput)
    default: throw DeployTestError.invalidYAML(result.errorOutput)
    }
    guard case let .object(files) = try WireJSONDecoder().parse(Array(result.output.utf8)) else { throw DeployTestError.invalidYAML("not an object") }
    return files.mapValues { $0.arrayValue ?? [] }
  }

  /// `deploy/cli-flags.txt`: the flags each subcommand may be given by `deploy/`.
  static func allowedFlags() throws -> [String: Set<String>] {
    var flags: [String: Set<String>] = [:]
    for line in try text("cli-flags.txt").split(separator: "\n") where !line.hasPrefix("#") {
      let words = line.split(separator: " ").map(String.init)
      guard let command = words.first else { continue }
      flags[command, default: []].formUnion(words.dropFirst())
    }
    return flags
  }

  /// The `switchyard` command lines in `words`: the subcommand and the flags after a
  /// `switchyard` (or `…/switchyard`) word that starts the line or follows `--`, as in
  /// `kubectl exec … -- switchyard status`; elsewhere the word is a namespace or a path.
  static func invocations(in words: [String]) -> [(subcommand: String, flags: [String])] {
    var found: [(String, [String])] = []
    for (index, word) in words.enumerated()
    where (word == "switchyard" || word.hasSuffix("/switchyard")) && (index == 0 || words[index - 1] == "--") {
      guard index + 1 < words.count, words[index + 1].allSatisfy({ $0.isLetter || $0 == "-" }),
        words[index + 1].first?.isLetter == true
      else { continue }
      let rest = words[(index + 1)...].prefix { $0 != "switchyard" && !$0.hasSuffix("/switchyard") }
      found.append((words[index + 1], rest.filter { $0.hasPrefix("--") }.map { String($0.prefix { $0 != "=" }) }))
    }
    return found
  }
}

/// Why the manifests could not be checked.
enum DeployTestError: Error, CustomStringConvertible {
  case pyYAMLMissing(String)
  case invalidYAML(String)

  var description: String {
    switch self {
    case let .pyYAMLMissing(detail):
      "The manifest tests parse YAML with PyYAML. \(TestPeer.pythonYAML.missing) \(detail)"
    case let .invalidYAML(detail):
      "A manifest in deploy/kubernetes is not valid YAML: \(detail)"
    }
  }
}
