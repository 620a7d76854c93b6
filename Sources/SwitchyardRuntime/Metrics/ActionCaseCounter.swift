import ComposableArchitecture
import SwitchyardMetrics

/// Counts the actions a store reduces by their root case (`switchyard_actions_total{action=…}`):
/// a case's counter is found by its tag in an array, and its name read by reflection only the
/// first time the case is seen.
@MainActor
final class ActionCaseCounter<Action> {
  private let registry: MetricsRegistry
  private let tag = EnumCaseTag<Action>()
  private var counters: [Counter?] = []
  private var other: Counter?

  init(registry: MetricsRegistry) {
    self.registry = registry
  }

  func count(_ action: Action) {
    guard let tag else { return counter(named: "other", tag: nil).increment() }
    let index = Int(tag(action))
    if index < counters.count, let counter = counters[index] { return counter.increment() }
    counter(named: Self.caseName(action), tag: index).increment()
  }

  private func counter(named name: String, tag index: Int?) -> Counter {
    if index == nil, let other { return other }
    let counter = registry.counter(
      "switchyard_actions_total", help: "Actions the coordinator's store reduced, by root action case.",
      labels: [MetricLabel("action", name)]
    )
    if let index {
      if counters.count <= index { counters += [Counter?](repeating: nil, count: index + 1 - counters.count) }
      counters[index] = counter
    } else {
      other = counter
    }
    return counter
  }

  /// The case's name: a payload case's label, or the description of a case without one.
  private static func caseName(_ action: Action) -> String {
    Mirror(reflecting: action).children.first?.label ?? String(describing: action)
  }
}
