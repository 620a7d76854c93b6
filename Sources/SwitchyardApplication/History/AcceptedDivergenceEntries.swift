import SwitchyardDurability
import SwitchyardInspector

/// The `divergenceAccepted` record a `start --accept-divergence` journals before it serves, as the
/// inspector's action stream shows it: no action the store reduced led to it, so the inspector's
/// recorder never sees it, and a page would not learn what the start accepted.
enum AcceptedDivergenceEntries {
  /// Once the records `journal` wrote since its recovery are durable, hands those that are
  /// `divergenceAccepted` records to `show`, each as an entry of its sequence and payload.
  @MainActor
  static func show(of journal: ActionJournal, _ show: @escaping @Sendable ([ActionEntry]) -> Void) {
    let recovered = journal.journal.recovery.lastSequence
    let last = journal.lastSequence
    guard last > recovered else { return }
    let directory = journal.journal.directory
    journal.journal.whenDurable(last) { result in
      guard case .success = result,
        let records = try? JournalHistory(directory: directory).records(from: recovered + 1, limit: Int(last - recovered))
      else { return }
      let entries = records.compactMap { record -> ActionEntry? in
        guard let payload = try? WireJSONDecoder().parse(record.payload), payload.objectValue?["divergenceAccepted"] != nil else {
          return nil
        }
        return ActionEntry(sequence: record.sequence, action: payload)
      }
      if !entries.isEmpty { show(entries) }
    }
  }
}
