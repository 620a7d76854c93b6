import Foundation
import SwitchyardRuntime

/// `switchyard start [--demo] [--pools kind=N,…] [--run-dir DIR] [--grace-ms N]`: runs a coordinator with
/// the runtime's diagnostic ``ProbeFeature`` until SIGINT or SIGTERM.
///
/// `--demo` needs no other server; until the demo application arrives it runs two probe workers.
@MainActor
func runStart(_ arguments: [String]) async -> Never {
  var pools: [PoolConfiguration] = []
  var runDirectory = ".switchyard"
  var grace = Duration.seconds(5)
  var remaining = arguments[...]
  var isDemo = false
  while let flag = remaining.popFirst() {
    if flag == "--demo" {
      isDemo = true
      continue
    }
    guard let value = remaining.popFirst() else { fail("'\(flag)' needs a value") }
    switch flag {
    case "--pools":
      for pair in value.split(separator: ",") {
        let parts = pair.split(separator: "=")
        guard parts.count == 2, let size = Int(parts[1]), size >= 0 else {
          fail("'--pools' takes kind=size pairs separated by commas, e.g. probe=2; got '\(pair)'")
        }
        pools.append(PoolConfiguration(kind: JobKind(String(parts[0])), size: size))
      }
    case "--run-dir":
      runDirectory = value
    case "--grace-ms":
      guard let millis = Int(value) else { fail("'--grace-ms' takes a number of milliseconds") }
      grace = .milliseconds(millis)
    default:
      fail("unknown option '\(flag)' for 'switchyard start'")
    }
  }
  if pools.isEmpty { pools = [PoolConfiguration(kind: ProbeJob.kind, size: isDemo ? 2 : 1)] }
  let coordinator = Coordinator(
    configuration: CoordinatorConfiguration(
      runDirectory: runDirectory,
      pools: pools,
      shutdownGrace: grace,
      version: version
    ),
    initialState: ProbeFeature.State(),
    reducer: ProbeFeature()
  )
  do {
    try coordinator.start()
  } catch {
    fail("\(error)")
  }
  FileHandle.standardError.write(Data("switchyard: coordinator \(getpid()) serving \(coordinator.socketPath ?? "")\n".utf8))
  if isDemo {
    let sizes = pools.map { "\($0.kind)=\($0.size)" }.joined(separator: ",")
    FileHandle.standardError.write(Data("switchyard: demo running pools \(sizes); Ctrl-C stops it\n".utf8))
  }
  await coordinator.runUntilTerminated()
  exit(0)
}

private func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("error: \(message)\n".utf8))
  exit(2)
}
