import Foundation
import SwitchyardTestSupport
import Testing

/// The page in headless Chromium against a running demo coordinator, driven over the DevTools
/// protocol by `Peers/inspector_browser.py` as a person would use it. Screenshots of each step are
/// kept, in a directory the test prints, when it fails.
@Suite(.serialized) struct InspectorBrowserTests {
  /// With the journal the slider ranges over its sequence numbers; with `--no-journal`, over the
  /// states the inspector kept in memory.
  @Test(
    TestPeer.chromium.trait,
    .timeLimit(.minutes(5)),
    arguments: [[], ["--no-journal"]]
  )
  func aPersonSeesPoolsSendsAnActionScalesAPoolAndStepsBackInHistory(_ arguments: [String]) async throws {
    try await TestPeer.chromium.require()
    try await TestPeer.pythonWebsockets.require()
    let demo = try await DemoCoordinator(arguments: arguments)
    defer { demo.stop() }
    let screenshots = Screenshots()
    let result = try await PeerScript.run("inspector_browser.py", [demo.url, screenshots.path], within: .seconds(200))
    #expect(result.status == 0, "\(result.output)\ncoordinator log:\n\(demo.log)")
    let steps = ["1-pools", "2-sent", "3-scaled", "4-history", "5-since-pinned"]
    for step in steps {
      #expect(screenshots.contains(step), "no screenshot of \(step)")
    }
    screenshots.passed = result.status == 0 && steps.allSatisfy(screenshots.contains)
  }

  @Test(
    TestPeer.chromium.trait,
    .timeLimit(.minutes(5))
  )
  func aPersonStepsBackToAStateFromBeforeTheCoordinatorRestarted() async throws {
    try await TestPeer.chromium.require()
    try await TestPeer.pythonWebsockets.require()
    let screenshots = Screenshots()
    let first = try await DemoCoordinator()
    let before: (status: Int32, output: String)
    do {
      before = try await PeerScript.run("inspector_browser.py", [first.url, screenshots.path, "before-restart"], within: .seconds(120))
    } catch {
      first.stop()
      throw error
    }
    let firstLog = first.log
    await first.shutDown()
    let second = try await DemoCoordinator(runDirectory: first.runDirectory)
    defer { second.stop() }
    try #require(before.status == 0, "\(before.output)\ncoordinator log:\n\(firstLog)")
    let sequence = try #require(before.output.firstMatch(of: /sequence: (\d+)/).map { String($0.1) }, "\(before.output)")
    #expect(second.log.contains("recovered"), "\(second.log)")

    let after = try await PeerScript.run("inspector_browser.py", [second.url, screenshots.path, "after-restart", sequence], within: .seconds(150))
    #expect(after.status == 0, "\(after.output)\ncoordinator log:\n\(second.log)")
    let steps = ["r1-before-restart", "r2-after-restart", "r3-before-restart-state", "r4-since-before-restart"]
    for step in steps {
      #expect(screenshots.contains(step), "no screenshot of \(step)")
    }
    screenshots.passed = after.status == 0 && steps.allSatisfy(screenshots.contains)
    // The number the page showed is the one `history` prints for the same action.
    let history = try await second.command(["history", "--run-dir", second.runDirectory, "--from", sequence, "--limit", "1", "--json"])
    #expect(history.status == 0, "\(history.output)")
    #expect(history.output.contains(#""sequence":\#(sequence),"#) && history.output.contains("searchQueryChanged"), "\(history.output)")
    #expect(history.output.contains("copper kettle"), "\(history.output)")
  }
}
