import Synchronization

/// The metrics a process exposes: counters, gauges and histograms by name and labels, and what a
/// scrape refreshes just before it renders them.
///
/// Instruments are created once (at start, or when a label value is first seen) and then updated
/// lock-free; a scrape takes the registry's lock only to list them, never a lock the code it
/// measures holds. Values that must agree with each other in every scrape (effects started and
/// those still in flight) are set together in ``publish(_:)``, which a scrape's reading never
/// interleaves with.
///
/// ```swift
/// let registry = MetricsRegistry()
/// let completed = registry.counter("switchyard_effects_completed_total", help: "…", labels: [MetricLabel("pool", "search")])
/// completed.increment()
/// let text = registry.render(.text)
/// ```
public final class MetricsRegistry: Sendable {
  private let state = Mutex(State())
  /// Held by a ``publish(_:)`` and while a scrape reads every value, so a scrape sees all of a
  /// publication or none of it.
  private let publication = Mutex(())

  private struct State: @unchecked Sendable {
    // @unchecked: families are only mutated under this lock.
    var families: [MetricFamily] = []
    var byName: [String: MetricFamily] = [:]
    var refreshes: [@Sendable () -> Void] = []
  }

  /// An empty registry.
  public init() {}

  /// The counter `name` with `labels`, created on first use; `name` ends in `_total`.
  public func counter(_ name: String, help: String, labels: [MetricLabel] = []) -> Counter {
    let instrument = child(name, help: help, type: .counter, labels: labels) { .counter(Counter()) }
    guard case let .counter(counter) = instrument else { preconditionFailure("\(name) is not a counter") }
    return counter
  }

  /// The gauge `name` with `labels`, created on first use.
  public func gauge(_ name: String, help: String, labels: [MetricLabel] = []) -> Gauge {
    let instrument = child(name, help: help, type: .gauge, labels: labels) { .gauge(Gauge()) }
    guard case let .gauge(gauge) = instrument else { preconditionFailure("\(name) is not a gauge") }
    return gauge
  }

  /// The histogram `name` with `labels` and `buckets`' upper bounds, created on first use.
  public func histogram(
    _ name: String,
    help: String,
    labels: [MetricLabel] = [],
    buckets: [Double] = Histogram.latencyBuckets
  ) -> Histogram {
    let instrument = child(name, help: help, type: .histogram, labels: labels) { .histogram(Histogram(upperBounds: buckets)) }
    guard case let .histogram(histogram) = instrument else { preconditionFailure("\(name) is not a histogram") }
    return histogram
  }

  /// An info metric (`name` ends in `_info`): the constant 1 whose labels carry facts such as the version.
  public func info(_ name: String, help: String, labels: [MetricLabel]) {
    let instrument = child(name, help: help, type: .info, labels: labels) { .gauge(Gauge()) }
    if case let .gauge(gauge) = instrument { gauge.set(1) }
  }

  /// Runs `refresh` at the start of every scrape, on the scraping thread: for values read from
  /// elsewhere at scrape time, such as the process's CPU time from `/proc`.
  public func refreshOnScrape(_ refresh: @escaping @Sendable () -> Void) {
    state.withLock { $0.refreshes.append(refresh) }
  }

  /// Sets the values `update` sets as one change: a scrape reads them all from before it or all
  /// from after, never some of each. For figures a query combines, such as effects started minus
  /// those ended and those in flight, which would otherwise be read moments apart.
  public func publish(_ update: () -> Void) {
    publication.withLock { _ in update() }
  }

  /// Every metric in `format`: the values read in one moment, between publications, then written out.
  public func render(_ format: ExpositionFormat) -> String {
    for refresh in state.withLock({ $0.refreshes }) { refresh() }
    let families = state.withLock { state in
      state.families.map { family in (family, family.children) }
    }
    let snapshot = publication.withLock { _ in
      families.map { family, children in (family, children.map { ($0.labels, $0.instrument.sample) }) }
    }
    return ExpositionRenderer(format: format).render(snapshot)
  }

  private func child(
    _ name: String,
    help: String,
    type: MetricType,
    labels: [MetricLabel],
    make: () -> MetricFamily.Instrument
  ) -> MetricFamily.Instrument {
    let labels = MetricLabels(pairs: labels)
    return state.withLock { state in
      let family: MetricFamily
      if let existing = state.byName[name] {
        precondition(existing.type == type, "\(name) is already registered as a \(existing.type.rawValue)")
        family = existing
      } else {
        family = MetricFamily(name: name, help: help, type: type)
        state.byName[name] = family
        state.families.append(family)
      }
      if let existing = family.children.first(where: { $0.labels == labels }) { return existing.instrument }
      let instrument = make()
      family.children.append((labels, instrument))
      return instrument
    }
  }
}
