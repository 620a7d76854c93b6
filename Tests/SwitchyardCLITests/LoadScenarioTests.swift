import Testing
import SwitchyardWire
@testable import SwitchyardCLI

struct LoadScenarioTests {
  @Test func aProbeStepIsDoneWhenItsOwnRunLeavesRunning() throws {
    let step = ProbeScenario().step(user: "u1", index: 3, slice: .null)
    #expect(step.action[dottedPath: "start.name"] == "u1")
    #expect(step.action[dottedPath: "start.job.tag"] == "u1-3")
    #expect(step.kind == "probe")
    let completion = try #require(step.completion)
    #expect(completion(["tag": "u1-2", "outcome": "finished"]) == nil)
    #expect(completion(["tag": "u1-3", "outcome": "running"]) == nil)
    #expect(completion(["tag": "u1-3", "outcome": "finished"]) == .succeeded)
    #expect(completion(["tag": "u1-3", "outcome": "failed", "failure": ["code": "timeout"]]) == .failed("timeout"))
  }
}
