import Foundation
import Testing

/// A real server or tool that some tests run against, which `.ci/install-test-peers` installs:
/// the one place that says how to tell it is there and what to run when it is not.
///
/// Outside CI a test whose peer is missing is skipped with ``missing`` as the reason; in CI
/// (`CI=true`) it runs and fails with the same sentence, so a machine without a peer never
/// passes by testing less.
public enum TestPeer: String, Sendable, CaseIterable {
  case redisServer = "redis-server"
  case chromium
  case prometheus
  case ip
  case pythonWebsockets = "Python's websockets (≥ 13)"
  case pythonJSONSchema = "Python's jsonschema"
  case pythonYAML = "Python's PyYAML"

  /// Whether this run is CI's, where a missing peer fails the test instead of skipping it.
  public static var isCI: Bool {
    ProcessInfo.processInfo.environment["CI"] == "true"
  }

  /// What to tell a person whose machine lacks it.
  public var missing: String {
    "\(rawValue) is missing: run .ci/install-test-peers (it runs `\(installCommand)`), then the tests again."
  }

  /// The command that installs it alone.
  public var installCommand: String {
    switch self {
    case .redisServer: "apt-get install -y redis-server"
    case .chromium: "apt-get install -y chromium"
    case .prometheus: "apt-get install -y prometheus"
    case .ip: "apt-get install -y iproute2"
    case .pythonWebsockets: "python3 -m pip install 'websockets>=13'"
    case .pythonJSONSchema: "python3 -m pip install jsonschema"
    case .pythonYAML: "python3 -m pip install pyyaml"
    }
  }

  /// Whether it is installed; a Python module is asked of `python3` off the cooperative threads.
  public func isInstalled() async -> Bool {
    switch self {
    case .redisServer: Self.onPath("redis-server")
    case .chromium: ["chromium", "chromium-browser", "google-chrome"].contains(where: Self.onPath)
    case .prometheus: Self.onPath("prometheus") && Self.onPath("promtool")
    case .ip: Self.onPath("ip")
    case .pythonWebsockets: await Self.python(imports: "websockets.asyncio.server, websockets.asyncio.client")
    case .pythonJSONSchema: await Self.python(imports: "jsonschema")
    case .pythonYAML: await Self.python(imports: "yaml")
    }
  }

  /// Throws ``Missing`` (failing the test with ``missing``) unless it is installed.
  public func require() async throws {
    guard await isInstalled() else { throw Missing(peer: self) }
  }

  /// A trait that skips the test outside CI when the peer is missing.
  public var trait: ConditionTrait {
    .enabled(Comment(rawValue: missing)) {
      if Self.isCI { return true }
      return await isInstalled()
    }
  }

  /// A peer a test needed was not installed.
  public struct Missing: Error, CustomStringConvertible {
    /// The peer.
    public let peer: TestPeer
    public var description: String { peer.missing }
  }

  private static func onPath(_ name: String) -> Bool {
    (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").contains {
      FileManager.default.isExecutableFile(atPath: "\($0)/\(name)")
    }
  }

  private static func python(imports modules: String) async -> Bool {
    (try? await runToExit(["python3", "-c", "import \(modules)"], executable: "/usr/bin/env", within: 60))?.status == 0
  }
}
