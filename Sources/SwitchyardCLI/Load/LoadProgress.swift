/// Shows a load's progress on standard error: a bar redrawn in place on a terminal, a plain
/// line every second elsewhere (a log, a pipe, CI).
package final class LoadProgress {
  private let isTerminal: Bool
  private let label: String
  private var lastLine = 0.0

  /// Creates the display; `label` starts each line, such as `probe=4`.
  package init(label: String, isTerminal: Bool = StandardStream.error.isTerminal) {
    self.label = label
    self.isTerminal = isTerminal
  }

  /// Shows how far the load is.
  package func update(fraction: Double, elapsed: Double, actions: Int, errors: Int) {
    let rate = elapsed > 0 ? Double(actions) / elapsed : 0
    let facts = "\(HumanReadable.count(actions)) actions  \(HumanReadable.fixed(rate, digits: 0))/s  \(errors) errors"
    if isTerminal {
      let width = 30
      let filled = Int((fraction * Double(width)).rounded(.down))
      let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
      let percent = HumanReadable.fixed(fraction * 100, digits: 0)
      StandardStream.error.write("\r\u{1B}[K\(label) [\(bar)] \(percent)%  \(facts)")
    } else if elapsed - lastLine >= 1 {
      lastLine = elapsed.rounded(.down)
      StandardStream.error.write("\(label): \(HumanReadable.fixed(elapsed, digits: 1))s  \(facts)\n")
    }
  }

  /// Ends the display, leaving the cursor on a fresh line.
  package func finish() {
    if isTerminal { StandardStream.error.write("\r\u{1B}[K") }
  }
}
