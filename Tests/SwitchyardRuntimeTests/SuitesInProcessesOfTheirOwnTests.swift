import SwitchyardTestSupport
import Testing

/// Suites that run each in a process of its own, as their suites' `ProcessOfItsOwn.only` says: the
/// control-socket suites, whose service runs on this process's main actor, kept the main actor that
/// every in-process store shares busy for half a minute of a full run, and coordinator tests that
/// take a second alone waited over a minute for it; the supervision suite kills a worker while its
/// job runs, which a job of seconds had finished by the time the starved test got its turn.
///
/// One child at a time: five test processes at once at the start of a full run took the two cores
/// from everything else.
@Suite struct SuitesInProcessesOfTheirOwnTests {
  @Test(.serialized, arguments: [
    "ControlSocketEndOfInputTests", "ControlSocketRefusalTests", "ControlSocketReplySizeTests", "ControlSocketSubscriptionLimitTests",
    "SupervisionTests",
  ])
  func passesInAProcessOfItsOwn(_ suite: String) async throws {
    try await ProcessOfItsOwn.expectSuitePasses(suite, within: 240)
  }
}
