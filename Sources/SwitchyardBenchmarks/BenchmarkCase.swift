/// One named measurement with an optional target: the unit a ``BenchmarkSuite`` is made of.
///
/// Cases run on the main actor because stores do; a case that needs other processes or sockets
/// sets them up inside ``run`` and tears them down before returning.
public struct BenchmarkCase: Sendable {
  /// A stable, dotted name such as `store.send.trivial`, matched by `--filter`.
  public let name: String
  /// What is measured, in a few words, for the report.
  public let summary: String
  /// What the case must achieve to PASS; `nil` for a case that only reports.
  public let target: BenchmarkTarget?
  /// Sets up, measures and tears down.
  public let run: @MainActor @Sendable (BenchmarkHarness) async throws -> BenchmarkMeasurement

  /// Creates a case.
  public init(
    name: String,
    summary: String,
    target: BenchmarkTarget? = nil,
    run: @escaping @MainActor @Sendable (BenchmarkHarness) async throws -> BenchmarkMeasurement
  ) {
    self.name = name
    self.summary = summary
    self.target = target
    self.run = run
  }
}
