import ComposableArchitecture
import SwitchyardMetrics

/// Counts the actions a store reduces by their root case (`switchyard_actions_total{action=…}`).
///
/// Counting is an increment of a plain main-actor array, indexed by the case's tag: no atomic and
/// no lock per action. The supervision tick publishes the counts (``publish()``), and a case's name
/// is read by reflection only the first time the case is seen.
@MainActor
final class ActionCaseCounter<Action> {
  private let registry: MetricsRegistry
  private let tag = EnumCaseTag<Action>()
  // `@exclusivity(unchecked)`: written on every action and read by the tick, never across a call
  // that could reach them again.
  @exclusivity(unchecked) private var counts: [UInt64] = []
  @exclusivity(unchecked) private var names: [String?] = []
  private var counters: [Counter?] = []

  init(registry: MetricsRegistry) {
    self.registry = registry
  }

  /// Counts `action`.
  func count(_ action: Action) {
    // A type that is not an enum counts every action as the one case `other`.
    var index = 0
    if let tag { index = Int(tag(action)) }
    if index < counts.count, counts[index] != 0 {
      counts[index] &+= 1
    } else {
      countFirst(action, at: index)
    }
  }

  /// Sets each case's counter to its count; the supervision tick calls this.
  func publish() {
    if counters.count < counts.count { counters += [Counter?](repeating: nil, count: counts.count - counters.count) }
    for (index, count) in counts.enumerated() where count != 0 {
      let counter = counters[index] ?? registry.counter(
        "switchyard_actions_total", help: "Actions the coordinator's store reduced, by root action case.",
        labels: [MetricLabel("action", names[index] ?? "other")]
      )
      counters[index] = counter
      counter.setTotal(Double(count))
    }
  }

  private func countFirst(_ action: Action, at index: Int) {
    if counts.count <= index {
      counts += [UInt64](repeating: 0, count: index + 1 - counts.count)
      names += [String?](repeating: nil, count: index + 1 - names.count)
    }
    names[index] = tag == nil ? "other" : Self.caseName(action)
    counts[index] = 1
  }

  /// The case's name: a payload case's label, or the description of a case without one.
  static func caseName(_ action: Action) -> String {
    Mirror(reflecting: action).children.first?.label ?? String(describing: action)
  }
}
