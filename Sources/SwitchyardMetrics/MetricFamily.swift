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
  }

  init(name: String, help: String, type: MetricType) {
    self.name = name
    self.help = help
    self.type = type
  }
}
