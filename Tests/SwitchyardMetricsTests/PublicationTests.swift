import Foundation
import Synchronization
import Testing
import SwitchyardMetrics

/// A publication is read whole: a scrape that starts halfway through one waits for its end, so the
/// figures a query combines (effects started, ended and in flight) come from one moment.
@Suite struct PublicationTests {
  @Test func aScrapeStartedMidPublicationSeesAllOfIt() {
    let registry = MetricsRegistry()
    let started = registry.counter("switchyard_effects_started_total", help: "Effects started.")
    let running = registry.gauge("switchyard_pool_running_effects", help: "Effects running.")
    let scrape = ScrapeOnAThread()
    registry.publish {
      started.setTotal(1)
      scrape.start(registry)
      // Without the publication's lock the scrape ends here, having read 1 started and 0 running.
      #expect(!scrape.ends(within: .now() + .milliseconds(200)), "a scrape read a publication halfway")
      running.set(1)
    }
    #expect(scrape.ends(within: .now() + .seconds(30)))
    let text = scrape.text ?? ""
    #expect(text.contains("switchyard_effects_started_total 1\n") && text.contains("switchyard_pool_running_effects 1\n"), "\(text)")
  }
}

/// One render of a registry on a thread of its own.
private final class ScrapeOnAThread: Sendable {
  private let rendered = Mutex<String?>(nil)
  private let done = DispatchSemaphore(value: 0)

  func start(_ registry: MetricsRegistry) {
    Thread.detachNewThread { [self] in
      let text = registry.render(.text)
      rendered.withLock { $0 = text }
      done.signal()
    }
  }

  /// Whether the render ended by `deadline`; once it has, it stays ended.
  func ends(within deadline: DispatchTime) -> Bool {
    guard done.wait(timeout: deadline) == .success else { return false }
    done.signal()
    return true
  }

  var text: String? {
    rendered.withLock { $0 }
  }
}
