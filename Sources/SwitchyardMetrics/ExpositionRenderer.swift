import Foundation

/// Writes metric families as exposition text: `# HELP`, `# TYPE`, then one line per sample.
struct ExpositionRenderer {
  let format: ExpositionFormat

  func render(_ families: [(MetricFamily, [(labels: MetricLabels, sample: MetricFamily.Sample)])]) -> String {
    var text = ""
    for (family, children) in families where !children.isEmpty {
      text += format == .text ? family.headers.text : family.headers.openMetrics
      for (labels, sample) in children {
        switch sample {
        case let .value(value):
          text += family.name + labels.rendered + " " + Self.number(value) + "\n"
        case let .histogram(upperBounds, counts):
          text += histogramLines(family.name, labels: labels, upperBounds: upperBounds, counts: counts)
        }
      }
    }
    if format == .openMetrics { text += "# EOF\n" }
    return text
  }

  /// A family's `# HELP` and `# TYPE` lines.
  func header(name: String, help: String, type: MetricType) -> String {
    let name = familyName(name, type: type)
    return "# HELP \(name) \(escapeHelp(help))\n# TYPE \(name) \(typeName(type))\n"
  }

  /// OpenMetrics names a counter's family without `_total` and an info's without `_info`.
  private func familyName(_ name: String, type: MetricType) -> String {
    guard format == .openMetrics else { return name }
    switch type {
    case .counter where name.hasSuffix("_total"): return String(name.dropLast("_total".count))
    case .info where name.hasSuffix("_info"): return String(name.dropLast("_info".count))
    default: return name
    }
  }

  private func typeName(_ type: MetricType) -> String {
    type == .info && format == .text ? "gauge" : type.rawValue
  }

  private func histogramLines(_ name: String, labels: MetricLabels, upperBounds: [Double], counts: HistogramCounts) -> String {
    var lines = ""
    var cumulative: UInt64 = 0
    for (index, bound) in upperBounds.enumerated() {
      cumulative += counts.buckets[index]
      lines += "\(name)_bucket\(labels.rendered(adding: MetricLabel("le", Self.number(bound)))) \(cumulative)\n"
    }
    cumulative += counts.buckets[upperBounds.count]
    lines += "\(name)_bucket\(labels.rendered(adding: MetricLabel("le", "+Inf"))) \(cumulative)\n"
    lines += "\(name)_sum\(labels.rendered) \(Self.number(counts.sum))\n"
    lines += "\(name)_count\(labels.rendered) \(cumulative)\n"
    return lines
  }

  /// A sample value: whole numbers without a fraction, infinities and NaN as both formats spell them.
  static func number(_ value: Double) -> String {
    if value.isNaN { return "NaN" }
    if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
  }

  /// Escapes help text: backslash and line feed, and in OpenMetrics the double quote too.
  func escapeHelp(_ help: String) -> String {
    let escaped = help.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
    return format == .openMetrics ? escaped.replacingOccurrences(of: "\"", with: "\\\"") : escaped
  }
}
