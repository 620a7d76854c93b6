import Foundation

/// Writes metric families as exposition text: `# HELP`, `# TYPE`, then one line per sample.
struct ExpositionRenderer {
  let format: ExpositionFormat

  func render(_ families: [(MetricFamily, [(labels: MetricLabels, instrument: MetricFamily.Instrument)])]) -> String {
    var text = ""
    for (family, children) in families where !children.isEmpty {
      let name = familyName(family)
      text += "# HELP \(name) \(escapeHelp(family.help))\n"
      text += "# TYPE \(name) \(typeName(family.type))\n"
      for (labels, instrument) in children {
        switch instrument {
        case let .counter(counter):
          text += "\(family.name)\(labels.rendered()) \(Self.number(counter.value))\n"
        case let .gauge(gauge):
          text += "\(family.name)\(labels.rendered()) \(Self.number(gauge.value))\n"
        case let .histogram(histogram):
          text += histogramLines(family.name, labels: labels, histogram: histogram)
        }
      }
    }
    if format == .openMetrics { text += "# EOF\n" }
    return text
  }

  /// OpenMetrics names a counter's family without `_total` and an info's without `_info`.
  private func familyName(_ family: MetricFamily) -> String {
    guard format == .openMetrics else { return family.name }
    switch family.type {
    case .counter where family.name.hasSuffix("_total"): return String(family.name.dropLast("_total".count))
    case .info where family.name.hasSuffix("_info"): return String(family.name.dropLast("_info".count))
    default: return family.name
    }
  }

  private func typeName(_ type: MetricType) -> String {
    type == .info && format == .text ? "gauge" : type.rawValue
  }

  private func histogramLines(_ name: String, labels: MetricLabels, histogram: Histogram) -> String {
    let counts = histogram.counts
    var lines = ""
    var cumulative: UInt64 = 0
    for (index, bound) in histogram.upperBounds.enumerated() {
      cumulative += counts.buckets[index]
      lines += "\(name)_bucket\(labels.rendered(adding: MetricLabel("le", Self.number(bound)))) \(cumulative)\n"
    }
    cumulative += counts.buckets[histogram.upperBounds.count]
    lines += "\(name)_bucket\(labels.rendered(adding: MetricLabel("le", "+Inf"))) \(cumulative)\n"
    lines += "\(name)_sum\(labels.rendered()) \(Self.number(counts.sum))\n"
    lines += "\(name)_count\(labels.rendered()) \(cumulative)\n"
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
