import Foundation
import SwitchyardUpstream

/// `switchyard upstream [--port N] [--rate PER_SECOND] [--items N] [--fail-first N]`: runs the
/// local catalog and feed service until SIGINT or SIGTERM.
///
/// Prints the service's base URL as the first line on stdout, so scripts can read where it is.
@MainActor
func runUpstream(_ arguments: [String]) async -> Never {
  var configuration = UpstreamConfiguration()
  var remaining = arguments[...]
  while let flag = remaining.popFirst() {
    guard let value = remaining.popFirst() else { failUpstream("'\(flag)' needs a value") }
    switch flag {
    case "--port":
      guard let port = UInt16(value) else { failUpstream("'--port' takes a port from 0 to 65535; 0 picks a free one") }
      configuration.port = port
    case "--rate":
      guard let rate = Double(value) else { failUpstream("'--rate' takes feed messages per second, e.g. 2 or 0.5") }
      configuration.feedRate = rate
    case "--items":
      guard let items = Int(value) else { failUpstream("'--items' takes the catalog's size, e.g. 250") }
      configuration.catalogSize = items
    case "--fail-first":
      guard let count = Int(value) else { failUpstream("'--fail-first' takes how many /items requests get 503") }
      configuration.failingItemsRequests = count
    default:
      failUpstream("unknown option '\(flag)' for 'switchyard upstream'")
    }
  }
  let upstream: UpstreamService
  do {
    upstream = try UpstreamService.start(configuration)
  } catch {
    failUpstream(error.description)
  }
  // Unbuffered, so a script reading the pipe sees the URL at once.
  FileHandle.standardOutput.write(Data("\(upstream.baseURL)\n".utf8))
  FileHandle.standardError.write(Data("""
    switchyard: upstream \(getpid()) serving \(upstream.baseURL)/items?page=1&per_page=20, \
    \(upstream.baseURL)/health and \(upstream.feedURL); Ctrl-C stops it\n
    """.utf8))
  await waitForTerminationSignal()
  await upstream.stop()
  exit(0)
}

/// Returns once SIGINT or SIGTERM arrives; neither kills the process from then on.
@MainActor
private func waitForTerminationSignal() async {
  let (signals, continuation) = AsyncStream.makeStream(of: Int32.self)
  let sources = [SIGINT, SIGTERM].map { number in
    signal(number, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
    source.setEventHandler { continuation.yield(number) }
    source.resume()
    return source
  }
  var received = signals.makeAsyncIterator()
  _ = await received.next()
  sources.forEach { $0.cancel() }
}

private func failUpstream(_ message: String) -> Never {
  FileHandle.standardError.write(Data("error: \(message)\n".utf8))
  exit(2)
}
