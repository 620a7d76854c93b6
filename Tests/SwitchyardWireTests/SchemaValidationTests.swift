import Foundation
import SwitchyardTestSupport
import Testing

/// Runs `proto/tools/validate.py`, which checks every vector against the JSON Schemas with the
/// standard Python validator.
@Suite struct SchemaValidationTests {
  @Test(TestPeer.pythonJSONSchema.trait)
  func vectorsValidateAgainstTheSchemas() async throws {
    try await TestPeer.pythonJSONSchema.require()
    let script = Vectors.protoDirectory.appendingPathComponent("tools/validate.py").path
    // Off the cooperative threads: the validator takes seconds on a loaded machine.
    let result = try await runToExit(["python3", script], executable: "/usr/bin/env", within: 120)
    #expect(result.status == 0, "\(result.output)\(result.errorOutput)")
  }
}
