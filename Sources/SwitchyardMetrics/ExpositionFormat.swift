/// The two text formats Prometheus scrapes: its own 0.0.4, and OpenMetrics 1.0 when the scraper's
/// `Accept` header asks for it.
public enum ExpositionFormat: Sendable, Equatable {
  /// `text/plain; version=0.0.4`: what every Prometheus reads.
  case text
  /// `application/openmetrics-text; version=1.0.0`: `_total` apart from the family name, `info`,
  /// and a closing `# EOF`.
  case openMetrics

  /// The format an `Accept` header prefers: OpenMetrics when it names it, text otherwise.
  public init(accept: String?) {
    self = (accept ?? "").lowercased().contains("application/openmetrics-text") ? .openMetrics : .text
  }

  /// The `Content-Type` of a response in this format.
  public var contentType: String {
    switch self {
    case .text: "text/plain; version=0.0.4; charset=utf-8"
    case .openMetrics: "application/openmetrics-text; version=1.0.0; charset=utf-8"
    }
  }
}
