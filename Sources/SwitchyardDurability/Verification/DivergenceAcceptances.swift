import SwitchyardJournal

/// The `divergenceAccepted` records of a data directory, read once replay first diverges and only
/// from there on: what lets a replay through records that `start --accept-divergence` already
/// accepted go on, as the start after it did, rather than refuse them again.
///
/// The first such record after a divergence accepts it when it lists one of the same kind at the
/// same record with the same last action (and, for effects, the same diff; a state's diff depends
/// on where replay last checked, and the digests and snapshot after the record check the state);
/// when it is a snapshot's, after one the record accepted (the old coordinator's snapshot of the
/// state its reducer reached, which `start` never compares); or when it lies past the listed ones
/// and the record counted more than it could list. Any other divergence, and every one after the
/// last record, is not accepted.
final class DivergenceAcceptances {
  /// A record: its sequence, when it was journaled, and what it holds.
  private typealias Record = (sequence: UInt64, time: Int64, body: DivergenceAcceptedRecord.Body)

  private let directory: String
  /// The records after the first divergence, oldest first, once read.
  private var records: [Record]?

  /// The records of the data directory in `directory`.
  init(directory: String) {
    self.directory = directory
  }

  /// What accepts `divergence`, when a later record does; `accepted` are the divergences this
  /// replay took as accepted so far.
  func acceptance(of divergence: ReplayDivergence, after accepted: [AcceptedDivergence]) -> AcceptedDivergence? {
    guard let record = records(after: divergence.sequence).first(where: { $0.sequence > divergence.sequence }) else { return nil }
    let body = record.body
    let already = accepted.count(where: { $0.record == record.sequence })
    let listed = body.divergences.contains {
      $0.kind == "\(divergence.kind)" && $0.sequence == divergence.sequence && $0.actions.last?.action == divergence.actions.last?.path
        // An effects diff is the record's own effects against this build's: another is another behaviour.
        && (divergence.kind != .effects || $0.diff == divergence.diff)
    }
    let consequence = divergence.kind == .snapshot && already > 0
    let unlisted = body.count > body.divergences.count && divergence.sequence > (body.divergences.last?.sequence ?? 0)
      && already < body.count
    guard listed || consequence || unlisted else { return nil }
    return AcceptedDivergence(divergence: divergence, record: record.sequence, acceptedAtNanoseconds: record.time, build: body.build)
  }

  /// The records after `sequence`, read on the first call: a journal that cannot be read has none,
  /// and replay reports the damage when it reaches it.
  private func records(after sequence: UInt64) -> [Record] {
    if let records { return records }
    var found: [Record] = []
    if let history = try? JournalHistory(directory: directory) {
      var next = sequence + 1
      // In pages, so that a long journal is never held in memory whole.
      // Past damage a later snapshot covers, as verify's replay goes on past it.
      while let page = try? history.records(from: next, limit: 4096, pastDamage: { _ in }), let last = page.last {
        for record in page {
          if let accepted = DivergenceAcceptedRecord(payload: record.payload) {
            found.append((record.sequence, record.timestampNanoseconds, accepted.divergenceAccepted))
          }
        }
        next = last.sequence + 1
      }
    }
    records = found
    return found
  }
}
