import SwitchyardWire

/// The results of one run of a suite, rendered as an aligned table for people or JSON for tools.
public struct BenchmarkReport: Sendable {
  /// How the run measured.
  public let mode: BenchmarkMode
  /// One result per case, in run order.
  public let results: [BenchmarkResult]

  /// Whether every case produced a finite positive measurement, the only check `--quick` makes.
  public var everyCaseRan: Bool {
    results.allSatisfy { $0.verdict != .error }
  }

  /// The table: case, target, median, p99, ratio to target (≥ 1 passes), verdict and a note.
  public func table() -> String {
    let header = ["case", "target", "measured", "p99", "ratio", "result", "note"]
    let rows = results.map { result -> [String] in
      let unit = result.measurement?.unit
      return [
        result.name,
        result.target?.description ?? "-",
        result.measurement.flatMap { m in unit?.format(m.value) } ?? "-",
        result.measurement?.p99.flatMap { unit?.format($0) } ?? "-",
        result.margin.map { BenchmarkUnit.ratio.format($0) } ?? "-",
        result.verdict.rawValue,
        result.failure ?? result.measurement?.note ?? "",
      ]
    }
    let widths = header.indices.map { column in
      ([header] + rows).map { $0[column].count }.max() ?? 0
    }
    // Numbers align right so their units line up; text aligns left.
    let rightAligned: Set<Int> = [2, 3, 4]
    func line(_ cells: [String]) -> String {
      cells.enumerated().map { column, cell in
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        return rightAligned.contains(column) ? padding + cell : cell + padding
      }
      .joined(separator: "  ")
      .trimmingTrailingSpaces()
    }
    let rule = String(repeating: "-", count: widths.reduce(0, +) + 2 * (widths.count - 1))
    return ([line(header), rule] + rows.map(line)).joined(separator: "\n") + "\n"
  }

  /// The report as pretty-printed JSON with sorted keys, one object per case.
  public func json() throws -> String {
    let document = Document(
      mode: mode.rawValue,
      results: results.map { result in
        Document.Row(
          name: result.name,
          summary: result.summary,
          target: result.target.map(Document.Target.init),
          value: result.measurement?.value,
          unit: result.measurement?.unit,
          p99: result.measurement?.p99,
          ratio: result.margin,
          verdict: result.verdict,
          note: result.measurement?.note,
          error: result.failure
        )
      }
    )
    var encoder = WireJSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
  }

  /// The JSON shape of a report; optional fields are omitted when absent.
  private struct Document: Encodable {
    struct Target: Encodable {
      var kind: String
      var value: Double

      init(_ target: BenchmarkTarget) {
        switch target {
        case let .atMostNanoseconds(limit): (kind, value) = ("atMostNanoseconds", limit)
        case let .atLeastRatio(minimum): (kind, value) = ("atLeastRatio", minimum)
        case let .atMostBytes(limit): (kind, value) = ("atMostBytes", limit)
        case let .atMostRatio(limit): (kind, value) = ("atMostRatio", limit)
        case let .atLeastPerSecond(minimum): (kind, value) = ("atLeastPerSecond", minimum)
        }
      }
    }

    struct Row: Encodable {
      var name: String
      var summary: String
      var target: Target?
      var value: Double?
      var unit: BenchmarkUnit?
      var p99: Double?
      var ratio: Double?
      var verdict: BenchmarkResult.Verdict
      var note: String?
      var error: String?
    }

    var mode: String
    var results: [Row]
  }
}

extension String {
  fileprivate func trimmingTrailingSpaces() -> String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
