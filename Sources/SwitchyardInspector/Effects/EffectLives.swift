import Foundation
import SwitchyardRuntime

/// The lives of the latest remote effects and of the latest failed ones, kept while pages watch,
/// on the main actor: what the page's effects list and an effect's life show.
///
/// Bounded: the oldest lives are forgotten once ``capacity`` are kept, and a failure is kept
/// among the last ``failedCapacity`` failures even after its life is forgotten. A life that lost
/// an attempt (its worker died) outlives the others too, among the last ``failedCapacity`` such:
/// under load the newest thousand are a few seconds' worth, and a lost attempt is what a person
/// comes to look at.
@MainActor
final class EffectLives {
  let capacity: Int
  let failedCapacity: Int
  private var lives: [UInt64: EffectLife] = [:]
  /// Ids oldest first.
  private var order: [UInt64] = []
  /// Ids of lives past ``capacity`` kept for a lost attempt, oldest first.
  private var retried: [UInt64] = []
  private var failed: [EffectLife] = []

  init(capacity: Int = 1_000, failedCapacity: Int = 100) {
    self.capacity = max(1, capacity)
    self.failedCapacity = max(1, failedCapacity)
  }

  /// Adds a step of an effect's life; `action` is the last action reduced, which started it.
  func record(_ event: EffectLifeEvent, after action: UInt64?) {
    let now = Date().timeIntervalSince1970 * 1_000
    switch event {
    case let .started(id, kind, job):
      lives[id] = EffectLife(id: id, kind: kind.rawValue, startedAfter: action, startedAt: now, job: KeptJSON(job))
      order.append(id)
      if order.count > capacity { forgetOldest() }
    case let .attempt(id, number, worker):
      lives[id]?.attempts.append(.init(number: number, worker: worker, at: now))
    case let .output(id, json):
      guard lives[id] != nil else { return }
      let bytes = json.bytes
      lives[id]?.outputs += 1
      lives[id]?.outputBytes += bytes.count
      lives[id]?.latestOutputs.append(KeptJSON(bytes))
      if let count = lives[id]?.latestOutputs.count, count > EffectLife.keptOutputs {
        lives[id]?.latestOutputs.removeFirst()
      }
    case let .retrying(id, reason):
      lives[id]?.retries.append(.init(reason: reason, at: now))
    case let .ended(id, end):
      guard var life = lives[id] else { return }
      switch end {
      case .finished: life.end = .init(outcome: "finished", at: now)
      case .cancelled: life.end = .init(outcome: "cancelled", at: now)
      case let .failed(failure):
        life.end = .init(outcome: "failed", code: failure.code.rawValue, message: failure.message, at: now)
        failed.append(life)
        if failed.count > failedCapacity { failed.removeFirst() }
      }
      lives[id] = life
    }
  }

  /// Forgets the oldest life in ``order``, unless it lost an attempt: that one is kept among the
  /// last ``failedCapacity`` such instead.
  private func forgetOldest() {
    let oldest = order.removeFirst()
    guard lives[oldest]?.retries.isEmpty == false else {
      lives[oldest] = nil
      return
    }
    retried.append(oldest)
    if retried.count > failedCapacity { lives[retried.removeFirst()] = nil }
  }

  /// The latest `limit` lives and failures, newest first, as list rows.
  func list(limit: Int = 200) -> (recent: [EffectLife.Summary], failed: [EffectLife.Summary]) {
    let recent = order.suffix(limit).reversed().compactMap { lives[$0]?.summary }
    return (recent, failed.suffix(limit).reversed().map(\.summary))
  }

  /// The life of effect `id`, if it is still kept.
  func life(_ id: UInt64) -> EffectLife? {
    lives[id] ?? failed.last { $0.id == id }
  }
}
