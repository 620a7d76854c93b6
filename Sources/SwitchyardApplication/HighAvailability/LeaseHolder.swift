import Foundation

/// Who holds the lease, as a coordinator started with `--ha` names itself in it:
/// `HOST/PID [tcp://ADDRESS] RUNDIR`, so that a standby can say where the leader is reached.
struct LeaseHolder: Equatable, CustomStringConvertible {
  /// The leader's host name.
  var host: String
  /// The leader's process id.
  var pid: Int32
  /// Its TCP control address (`--control-listen`), if it serves one.
  var controlAddress: String?
  /// Its run directory, absolute: where a client on the same host finds its socket.
  var runDirectory: String

  /// This process, leading from `runDirectory` and serving control clients at `controlAddress`.
  init(runDirectory: String, controlAddress: String?) {
    host = ProcessInfo.processInfo.hostName
    pid = getpid()
    self.controlAddress = controlAddress
    self.runDirectory = URL(fileURLWithPath: runDirectory).standardizedFileURL.path
  }

  /// Reads a lease's holder; `nil` for anything else.
  init?(_ text: String) {
    let parts = text.split(separator: " ", maxSplits: 1).map(String.init)
    guard parts.count == 2, let slash = parts[0].lastIndex(of: "/"), let pid = Int32(parts[0][parts[0].index(after: slash)...]) else {
      return nil
    }
    host = String(parts[0][..<slash])
    self.pid = pid
    var rest = parts[1]
    if rest.hasPrefix("tcp://"), let space = rest.firstIndex(of: " ") {
      controlAddress = String(rest[..<space])
      rest = String(rest[rest.index(after: space)...])
    }
    runDirectory = rest
  }

  var description: String {
    "\(host)/\(pid) " + (controlAddress.map { "\($0) " } ?? "") + runDirectory
  }
}
