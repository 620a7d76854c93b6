import Foundation
import Testing

/// The page in headless Chromium against a running demo coordinator, driven over the DevTools
/// protocol by `Peers/inspector_browser.py` as a person would use it. Screenshots of each step
/// are written to a directory the test prints.
@Suite(.serialized) struct InspectorBrowserTests {
  @Test(
    .enabled(if: PeerScript.isCI || PeerScript.hasChromium, "needs Chromium: apt-get install -y chromium"),
    .timeLimit(.minutes(5))
  )
  func aPersonSeesPoolsSendsAnActionScalesAPoolAndStepsBackInHistory() async throws {
    try #require(PeerScript.hasChromium, "Chromium is missing: apt-get install -y chromium")
    try #require(await PeerScript.hasWebSockets(), "Python websockets is missing: pip install websockets")
    let demo = try await DemoCoordinator()
    defer { demo.stop() }
    let screenshots = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-inspector-\(UUID().uuidString.prefix(8))").path
    print("inspector screenshots: \(screenshots)")
    let result = try await PeerScript.run("inspector_browser.py", [demo.url, screenshots], within: .seconds(200))
    #expect(result.status == 0, "\(result.output)\ncoordinator log:\n\(demo.log)")
    for step in ["1-pools", "2-sent", "3-scaled", "4-history", "5-since-pinned"] {
      #expect(FileManager.default.fileExists(atPath: "\(screenshots)/\(step).png"), "no screenshot of \(step)")
    }
  }
}
