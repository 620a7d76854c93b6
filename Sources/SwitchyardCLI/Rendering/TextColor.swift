/// The few ANSI colours `switchyard` uses: green for healthy, yellow for attention, red for
/// trouble, dim for the less important.
package enum TextColor: Sendable {
  /// Healthy, done.
  case green
  /// Worth a look: degraded, queued, draining.
  case yellow
  /// Failed, lost.
  case red
  /// Secondary detail.
  case dim
  /// Headings.
  case bold

  private var code: String {
    switch self {
    case .green: "32"
    case .yellow: "33"
    case .red: "31"
    case .dim: "2"
    case .bold: "1"
    }
  }

  /// `text` wrapped in this colour's escape sequence, or as is when `enabled` is false.
  package func apply(_ text: String, enabled: Bool) -> String {
    enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
