/// One metric name, its help and type, and its children: one instrument per set of label values.
final class MetricFamily: @unchecked Sendable {
  // @unchecked: `children` is only touched under the registry's lock.
  let name: String
  let help: String
  let type: MetricType
  var children: [(labels: MetricLabels, instrument: Instrument)] = []

  /// The instrument behind one child.
  enum Instrument: Sendable {
    case counter(Counter)
    case gauge(Gauge)
    case histogram(Histogram)

    /// The instrument's value now.
    var sample: Sample {
      switch self {
      case let .counter(counter): .value(counter.value)
      case let .gauge(gauge): .value(gauge.value)
      case let .histogram(histogram): .histogram(upperBounds: histogram.upperBounds, counts: histogram.counts)
      }
    }
  }

  /// What a scrape read of one instrument, written out after every value is read.
  enum Sample {
    case value(Double)
    case histogram(upperBounds: [Double], counts: HistogramCounts)
  }

  /// The `# HELP` and `# TYPE` lines in each format, written once: every scrape writes them.
  let headers: (text: String, openMetrics: String)

  init(name: String, help: String, type: MetricType) {
    self.name = name
    self.help = help
    self.type = type
    headers = (
      ExpositionRenderer(format: .text).header(name: name, help: help, type: type),
      ExpositionRenderer(format: .openMetrics).header(name: name, help: help, type: type)
    )
  }
}
