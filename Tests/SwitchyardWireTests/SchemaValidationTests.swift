import Foundation
import SwitchyardTestSupport
import Testing

/// Runs `proto/tools/validate.py`, which checks every vector against the JSON Schemas with the
/// standard Python validator, when that validator is installed.
@Suite struct SchemaValidationTests {
  @Test(
    .enabled(
      "Skipped: python3 with the jsonschema package is not installed (pip install jsonschema) to check proto/vectors against proto/schema."
    ) {
      // Asked off the cooperative threads, where a blocking Python start would stall other suites.
      (try? await runToExit(["python3", "-c", "import jsonschema"], executable: "/usr/bin/env", within: 60))?.status == 0
    })
  func vectorsValidateAgainstTheSchemas() async throws {
    let script = Vectors.protoDirectory.appendingPathComponent("tools/validate.py").path
    // Off the cooperative threads: the validator takes seconds on a loaded machine.
    let result = try await runToExit(["python3", script], executable: "/usr/bin/env", within: 120)
    #expect(result.status == 0, "\(result.output)\(result.errorOutput)")
  }
}
