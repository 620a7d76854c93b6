import Foundation
import SwitchyardJournal
import SwitchyardWire

/// A coordinator's journal of actions: appends each reduced action's record, takes snapshots of
/// the state as its ``SnapshotPolicy`` says, and tells the control socket when a `send` may be
/// answered.
///
/// Open it with ``open(directory:options:policy:replay:initialState:log:)``, which recovers the
/// state; a ``JournaledReducer`` feeds it.
@MainActor
public final class ActionJournal: ActionLog {
  /// The journal underneath.
  public let journal: Journal
  /// When snapshots are taken.
  public let policy: SnapshotPolicy
  private let log: @Sendable (String) -> Void
  private var lastSequence: UInt64
  private var actionsSinceSnapshot: UInt64 = 0
  private var lastSnapshotAt = ContinuousClock.now
  private var failure: String?

  init(journal: Journal, policy: SnapshotPolicy, log: @escaping @Sendable (String) -> Void) {
    self.journal = journal
    self.policy = policy
    self.log = log
    self.lastSequence = journal.recovery.lastSequence
  }

  /// Appends one action's payload; `state` encodes the state after it, if a snapshot is due.
  func append(_ payload: [UInt8], state: @escaping @Sendable () throws -> [UInt8]) {
    guard failure == nil else { return }
    do {
      lastSequence = try journal.append(payload)
    } catch {
      fail("\(error)")
      return
    }
    actionsSinceSnapshot += 1
    if policy.isDue(actionsSinceSnapshot: actionsSinceSnapshot, elapsed: .now - lastSnapshotAt) {
      snapshot(state)
    }
  }

  /// Stops journaling: the state has moved past what the journal can hold.
  func fail(_ reason: String) {
    guard failure == nil else { return }
    failure = reason
    log("error: the journal stopped; actions are no longer recorded, and a restart loses them: \(reason)")
  }

  /// Snapshots the state as it is after the last appended record, off the main actor.
  func snapshot(_ state: @escaping @Sendable () throws -> [UInt8]) {
    actionsSinceSnapshot = 0
    lastSnapshotAt = .now
    let log = log
    journal.snapshot(through: lastSequence, encode: state) { result in
      if case let .failure(error) = result { log("error: snapshot failed: \(error)") }
    }
  }

  /// Takes a last snapshot if anything happened since the one before, then writes, fsyncs and closes.
  public func close(finalState state: @escaping @Sendable () throws -> [UInt8]) {
    if failure == nil && actionsSinceSnapshot > 0 { snapshot(state) }
    journal.close()
  }

  public func report() -> JournalReport {
    let status = journal.status
    return JournalReport(
      dataDir: journal.directory,
      fsync: Self.name(of: journal.options.durability),
      bytes: Int64(status.bytes),
      lastSequence: status.lastSequence,
      durableSequence: status.durableSequence,
      lastSyncMicros: status.lastSyncNanoseconds / 1_000,
      syncCount: status.syncCount,
      snapshotSequence: status.snapshotSequence,
      failure: failure
    )
  }

  public func whenAcknowledgeable(_ acknowledge: @escaping @MainActor @Sendable (String?) -> Void) {
    if let failure { return acknowledge("The action was reduced but not journaled: \(failure)") }
    guard journal.options.durability == .always else { return acknowledge(nil) }
    journal.whenDurable(lastSequence) { result in
      let failure: String? =
        switch result {
        case .success: nil
        case let .failure(error): "The action was reduced but its journal record is not on disk: \(error)"
        }
      DispatchQueue.main.async { acknowledge(failure) }
    }
  }

  /// `always`, `batch` or `off`: the durability as `start --fsync` names it.
  static func name(of durability: Durability) -> String {
    switch durability {
    case .always: "always"
    case .batch: "batch"
    case .off: "off"
    }
  }
}
