/// `load --report FILE.csv` and `FILE.ndjson`: each run's per-second series, for a spreadsheet or
/// a plotting tool. Latencies are in milliseconds, rates per second; one row per second of each run.
package enum LoadSeriesFile {
  /// The CSV columns, in order.
  package static let columns = ["run", "second", "sent", "acked", "errors", "p50_ms", "p95_ms", "p99_ms"]

  /// The series as CSV with a header row.
  package static func csv(_ report: LoadReport) -> String {
    let rows = rows(report).map { row in
      [csvField(row.run), "\(row.second.second)", "\(row.second.sent)", "\(row.second.acked)", "\(row.second.errors)"]
        + [row.second.p50, row.second.p95, row.second.p99].map(milliseconds)
    }
    return ([columns] + rows).map { $0.joined(separator: ",") + "\n" }.joined()
  }

  /// The series as one JSON object per line, with the CSV's fields.
  package static func ndjson(_ report: LoadReport) throws -> String {
    try rows(report).map { row in
      let line = Line(
        run: row.run, second: row.second.second, sent: row.second.sent, acked: row.second.acked, errors: row.second.errors,
        p50_ms: Double(row.second.p50) / 1_000, p95_ms: Double(row.second.p95) / 1_000, p99_ms: Double(row.second.p99) / 1_000
      )
      return try JSONText.compact(line) + "\n"
    }.joined()
  }

  /// One NDJSON line.
  private struct Line: Encodable {
    var run: String
    var second: Int
    var sent: Int
    var acked: Int
    var errors: Int
    var p50_ms: Double
    var p95_ms: Double
    var p99_ms: Double
  }

  /// Each second of each run, with the run's label: its scenario, and for a sweep its pool size.
  private static func rows(_ report: LoadReport) -> [(run: String, second: LoadSecond)] {
    report.results.flatMap { result in result.series.map { (report.label(of: result), $0) } }
  }

  private static func milliseconds(_ micros: Int64) -> String {
    HumanReadable.fixed(Double(micros) / 1_000, digits: 3)
  }

  private static func csvField(_ text: String) -> String {
    guard text.contains(where: { ",\"\n".contains($0) }) else { return text }
    return "\"" + text.replacing("\"", with: "\"\"") + "\""
  }
}
