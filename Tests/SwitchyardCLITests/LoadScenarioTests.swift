import Foundation
import SwitchyardDiagnostics
import SwitchyardRuntime
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

  @Test func theCPUScenarioAsksEachJobForWorkerCPUAndTheProbeBurnsIt() async throws {
    let scenario = ProbeScenario.cpuBound(workMillis: 30)
    #expect(scenario.name == "cpu" && scenario.defaultPools == "probe=1")
    let step = scenario.step(user: "u", index: 0, slice: .null)
    #expect(step.action[dottedPath: "start.job.workMillis"] == 30)
    #expect(step.action[dottedPath: "start.job.outputs"] == 1)

    let job = try WireJSONDecoder().decode(ProbeJob.self, from: Array(#"{"tag":"t","workMillis":30}"#.utf8))
    #expect(job.workMillis == 30)
    let before = processCPU()
    try await InProcessJobExecutor(ProbeHandler()).execute(job, emit: JobEmitter { _ in })
    // At least the asked-for CPU, whatever else the machine is doing.
    #expect(processCPU() - before >= .milliseconds(30))
  }

  private func processCPU() -> Duration {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
  }
}
