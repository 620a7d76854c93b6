/// `load --report FILE.html`: the report as one self-contained HTML page with SVG charts — each
/// second's throughput and p95 latency, a latency histogram per worker kind, and for a sweep
/// throughput and p99 against pool size — that opens in any browser with no network.
package struct LoadHTMLReport: Sendable {
  /// What to show.
  package var report: LoadReport

  /// Creates the page for a report.
  package init(_ report: LoadReport) {
    self.report = report
  }

  /// The whole page.
  package func render() -> String {
    var body = ["<h1>switchyard load</h1>", verdict, "<p>Measured on a machine with \(report.cores) cores.</p>"]
    if let metadata = report.metadata {
      let builds = Set(report.results.map(\.build)).sorted().joined(separator: ", ")
      body.append(
        "<p>Started \(HTML.escape(metadata.startedAt)) on \(HTML.escape(metadata.host)) by \(HTML.escape(metadata.tool)), "
          + "against build \(HTML.escape(builds)); options: <code>\(HTML.escape(metadata.options.joined(separator: " ")))</code>.</p>"
      )
    }
    if !report.thresholds.isEmpty {
      let items = report.thresholds.flatMap { threshold in
        report.results.map { result in
          let passed = threshold.passes(result)
          let values = threshold.observed(in: result).map { "\($0.subject) \(threshold.format($0.value))" }.joined(separator: ", ")
          return "<li class=\(passed ? "ok" : "bad")>\(passed ? "✓" : "✗") \(HTML.escape(threshold.description)): \(HTML.escape(values))</li>"
        }
      }
      body.append("<h2>Thresholds</h2><ul>" + items.joined() + "</ul>")
    }
    if let kind = report.sweptKind, report.results.count > 1 {
      body.append("<h2>Scaling the \(HTML.escape(kind)) pool</h2>")
      body.append(table(report.scalingTable(kind)))
      let sizes = report.results.map { Double($0.poolSizes[kind] ?? 0) }
      let throughput = zip(sizes, report.results.map(\.storeActionsPerSecond)).map { ($0, $1) }
      let p99 = zip(sizes, report.results.map { Double($0.roundTrips[kind]?.p99 ?? 0) }).map { ($0, $1) }
      body.append("<div class=charts><figure>")
      body.append(SVGChart.line(throughput, xTitle: "\(kind) workers", yTitle: "actions/s into the store") {
        HumanReadable.fixed($0, digits: 0)
      })
      body.append("<figcaption>Throughput against pool size</figcaption></figure><figure>")
      body.append(SVGChart.line(p99, xTitle: "\(kind) workers", yTitle: "\(kind) round trip p99") {
        HumanReadable.latency(micros: Int64($0))
      })
      body.append("<figcaption>p99 round trip against pool size</figcaption></figure></div>")
    }
    for result in report.results {
      body.append(section(result))
    }
    return """
      <!doctype html>
      <html lang="en"><head><meta charset="utf-8"><title>switchyard load report</title>
      <style>
      body { font: 14px/1.4 sans-serif; margin: 2em auto; max-width: 1180px; color: #222; }
      table { border-collapse: collapse; margin: .5em 0 1em; }
      th, td { padding: .2em .8em; text-align: right; border-bottom: 1px solid #ddd; }
      th:first-child, td:first-child { text-align: left; }
      .charts { display: flex; flex-wrap: wrap; gap: 1em; }
      figure { margin: 0; } figcaption { color: #555; }
      .ok { color: #1a7f37; } .bad { color: #c62828; }
      </style></head><body>
      \(body.joined(separator: "\n"))
      </body></html>

      """
  }

  private var verdict: String {
    report.lostEffects == 0
      ? "<p class=ok><strong>Lost effects: 0.</strong> Every effect started ended finished, failed or cancelled.</p>"
      : "<p class=bad><strong>Lost effects: \(report.lostEffects).</strong> Effects started that never ended.</p>"
  }

  private func section(_ result: LoadResult) -> String {
    let seconds = HumanReadable.fixed(result.seconds, digits: 1)
    let rate = HumanReadable.fixed(result.storeActionsPerSecond, digits: 1)
    var parts = [
      "<h2>\(HTML.escape(result.scenario)) — \(result.users) users, \(seconds) s, pools \(HTML.escape(result.poolsDescription))</h2>",
      "<p>\(HumanReadable.count(result.actionsSent)) actions sent; "
        + "\(HumanReadable.count(result.storeActions)) into the store (\(rate) actions/s); "
        + "load average \(HumanReadable.fixed(result.loadAverage, digits: 2)) as it began.</p>",
    ]
    parts.append(table(LoadReport.roundTripTable(result)))
    parts.append(table(LoadReport.effectsTable(result)))
    if !result.errors.isEmpty { parts.append(table(LoadReport.errorsTable(result))) }
    parts.append("<div class=charts>")
    if !result.series.isEmpty {
      let seconds = result.series.map { Double($0.second) }
      let acked = Array(zip(seconds, result.series.map { Double($0.acked) }))
      let p95 = Array(zip(seconds, result.series.map { Double($0.p95) }))
      let time = "seconds since the start"
      parts.append("<figure>" + SVGChart.line(acked, xTitle: time, yTitle: "round trips answered per second") {
        HumanReadable.fixed($0, digits: 0)
      })
      parts.append("<figcaption>Throughput over time</figcaption></figure>")
      parts.append("<figure>" + SVGChart.line(p95, xTitle: time, yTitle: "round trip p95") { HumanReadable.latency(micros: Int64($0)) })
      parts.append("<figcaption>p95 round-trip latency over time</figcaption></figure>")
    }
    let labels = LatencySummary.bucketBounds.enumerated().map { index, bound in
      index % 4 == 0 ? HumanReadable.latency(micros: bound) : nil
    }
    for (kind, summary) in result.roundTrips.sorted(by: { $0.key < $1.key }) {
      let caption = "\(HTML.escape(kind)) round-trip latency, \(summary.count) samples (buckets by upper bound)"
      parts.append("<figure>" + SVGChart.bars(summary.histogram, labels: labels, yTitle: "round trips"))
      parts.append("<figcaption>\(caption)</figcaption></figure>")
    }
    parts.append("</div>")
    return parts.joined(separator: "\n")
  }

  private func table(_ table: Table) -> String {
    let heading = "<tr>" + table.columns.map { "<th>\(HTML.escape($0.title))</th>" }.joined() + "</tr>"
    let rows = table.rows.map { row in "<tr>" + row.map { "<td>\(HTML.escape($0.text))</td>" }.joined() + "</tr>" }
    return "<table>" + heading + rows.joined() + "</table>"
  }
}
