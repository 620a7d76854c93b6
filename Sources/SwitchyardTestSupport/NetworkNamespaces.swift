import Foundation
import Synchronization
import SwitchyardRuntime

/// Network namespaces joined to a hub namespace by veth pairs: several hosts on one machine,
/// whose traffic never leaves the namespaces made here. ``remove()`` deletes them all, and with
/// them their links.
public final class NetworkNamespaces {
  /// Whether this process may make namespaces (root, with `ip` and kernel support).
  public static let available: Bool = {
    guard getuid() == 0, FileManager.default.isExecutableFile(atPath: ip) else { return false }
    removeLeftovers()
    let probe = "sy16probe\(getpid())"
    guard (try? run(["netns", "add", probe])) != nil else { return false }
    _ = try? run(["netns", "del", probe])
    return true
  }()

  public static let ip = "/usr/sbin/ip"

  /// Deletes the namespaces of test processes that are gone: one that crashed, or was killed,
  /// never ran its cleanup, and its namespaces stayed until the machine restarted. A name's number
  /// is its process id (modulo 100,000); a name whose number is a live process is left alone.
  private static func removeLeftovers() {
    guard let listing = try? run(["netns", "list"]) else { return }
    for line in listing.split(separator: "\n") {
      let name = String(line.split(separator: " ").first ?? "")
      guard let match = name.wholeMatch(of: /sy16[a-z]+(\d+)(x\d+)?/), let pid = Int32(match.1),
        kill(pid, 0) != 0, errno == ESRCH
      else { continue }
      _ = try? run(["netns", "del", name])
    }
  }

  /// The hub's namespace, where the shared service (Redis) runs.
  public let hub: String
  /// Each host's namespace, by name.
  public private(set) var hosts: [String: String] = [:]
  /// Each host's address of the hub, by name.
  public private(set) var hubAddresses: [String: String] = [:]
  private var names: [String] = []
  /// Tells apart the namespaces of every instance in every process, within 15-byte link names.
  private let tag = "\(getpid() % 100_000)x\(NetworkNamespaces.instances.add(1, ordering: .relaxed).newValue)"
  private static let instances = Atomic<Int>(0)

  /// Makes the hub namespace.
  public init() throws {
    hub = "sy16hub\(tag)"
    try add(hub)
  }

  /// Makes a host namespace linked to the hub on its own /24, returning the hub's address there.
  @discardableResult
  public func addHost(_ name: String, subnet: Int) throws -> String {
    let namespace = "sy16\(name)\(tag)"
    try add(namespace)
    let hubSide = "h\(name)\(tag)"
    let hostSide = "v\(name)\(tag)"
    try Self.run(["link", "add", hubSide, "type", "veth", "peer", "name", hostSide])
    try Self.run(["link", "set", hubSide, "netns", hub])
    try Self.run(["link", "set", hostSide, "netns", namespace])
    try Self.run(["-n", hub, "addr", "add", "10.216.\(subnet).1/24", "dev", hubSide])
    try Self.run(["-n", namespace, "addr", "add", "10.216.\(subnet).2/24", "dev", hostSide])
    try Self.run(["-n", hub, "link", "set", hubSide, "up"])
    try Self.run(["-n", namespace, "link", "set", hostSide, "up"])
    hosts[name] = namespace
    hubAddresses[name] = "10.216.\(subnet).1"
    return "10.216.\(subnet).1"
  }

  /// Takes the host's link down at the hub: the host is cut off.
  public func cutOff(_ name: String) throws {
    try Self.run(["-n", hub, "link", "set", "h\(name)\(tag)", "down"])
  }

  /// Brings the host's link up again at the hub: the host is reachable again.
  public func restore(_ name: String) throws {
    try Self.run(["-n", hub, "link", "set", "h\(name)\(tag)", "up"])
  }

  /// The command line that runs `arguments` inside `namespace`.
  public func inside(_ namespace: String, _ arguments: [String]) -> [String] {
    ["netns", "exec", namespace] + arguments
  }

  /// Deletes every namespace made here.
  public func remove() {
    for name in names.reversed() { _ = try? Self.run(["netns", "del", name]) }
    names.removeAll()
  }

  private func add(_ namespace: String) throws {
    _ = try? Self.run(["netns", "del", namespace])
    try Self.run(["netns", "add", namespace])
    names.append(namespace)
    try Self.run(["-n", namespace, "link", "set", "lo", "up"])
  }

  /// Runs `ip arguments`, throwing with its output when it fails.
  ///
  /// Its output and errors go to one file, not Foundation's pipe, which a process started meanwhile
  /// from another thread could inherit and hold open.
  @discardableResult
  public static func run(_ arguments: [String]) throws -> String {
    let path = NSTemporaryDirectory() + "sy-ip-\(getpid())-\(UUID().uuidString.prefix(8)).log"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let process = try SpawnedProcess.start(ip, arguments, outputPath: path, errorPath: path)
    let exited = process.waitForExit(within: 30)
    if !exited { process.kill(waitingUpTo: 10) }
    let output = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    guard exited, process.terminationStatus == 0 else {
      throw NetworkNamespaceError(command: "ip " + arguments.joined(separator: " "), output: output)
    }
    return output
  }
}

/// An `ip` command failed.
public struct NetworkNamespaceError: Error, CustomStringConvertible {
  /// The command that failed.
  public var command: String
  /// What it printed.
  public var output: String
  public var description: String { "`\(command)` failed: \(output)" }
}
