import Foundation
import SwitchyardTestSupport
import Testing

/// Runs `proto/tools/validate.py`, which checks every vector against the JSON Schemas with the
/// standard Python validator, when that validator is installed.
@Suite struct SchemaValidationTests {
  private static func run(_ arguments: [String]) -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    do {
      try process.run()
    } catch {
      return (-1, "\(error)")
    }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
  }

  static let validatorIsInstalled = run(["python3", "-c", "import jsonschema"]).status == 0

  @Test(
    .enabled(
      if: validatorIsInstalled,
      "Skipped: python3 with the jsonschema package is not installed (pip install jsonschema) to check proto/vectors against proto/schema."
    ))
  func vectorsValidateAgainstTheSchemas() async throws {
    let script = Vectors.protoDirectory.appendingPathComponent("tools/validate.py").path
    // Off the cooperative threads: the validator takes seconds on a loaded machine.
    let result = try await runToExit(["python3", script], executable: "/usr/bin/env", within: 120)
    #expect(result.status == 0, "\(result.output)\(result.errorOutput)")
  }
}
