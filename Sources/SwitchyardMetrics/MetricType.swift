/// What kind of metric a family is, as the exposition formats name it.
enum MetricType: String, Sendable {
  case counter
  case gauge
  case histogram
  /// OpenMetrics' info: a constant 1 whose labels carry the information; a gauge in format 0.0.4.
  case info
}
