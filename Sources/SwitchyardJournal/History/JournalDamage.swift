/// Damage in records that a later sound snapshot covers: what readers of the whole journal
/// (`verify`, `history`) go past, on from that snapshot, and what recovery never reads.
///
/// A coordinator recovers from its newest sound snapshot, so it needs none of these records, and
/// `start --repair` cuts only what recovery reads, so it changes nothing here: only a copy of the
/// segment brings them back, or retention removes them with it.
public struct JournalDamage: Equatable, Sendable, CustomStringConvertible {
  /// The segment file that holds the damage.
  public var segment: String
  /// The byte of the segment where the damage starts.
  public var offset: Int
  /// What is wrong there.
  public var reason: String
  /// The records read past: from the first that cannot be read to the snapshot that covers it,
  /// from which reading goes on.
  public var records: ClosedRange<UInt64>

  public init(segment: String, offset: Int, reason: String, records: ClosedRange<UInt64>) {
    self.segment = segment
    self.offset = offset
    self.reason = reason
    self.records = records
  }

  /// The sound snapshot that covers the damage, from which reading goes on.
  public var snapshot: UInt64 {
    records.upperBound
  }

  public var description: String {
    finding(article: "The") + ". " + advice
  }

  /// What is damaged and what covers it, as a clause.
  var finding: String {
    finding(article: "the")
  }

  /// What the damage means and what to do, as sentences.
  var advice: String {
    "The coordinator does not need them: it recovers from that snapshot or a later one, so 'start --repair' would change "
      + "nothing. Restore \(segment) from a 'switchyard backup' to read them again, or let retention remove it in time "
      + "(start's --history-retention and --history-max-size)."
  }

  private func finding(article: String) -> String {
    let first = records.lowerBound
    let covered = first == snapshot ? "" : " and the records after it up to \(snapshot)"
    return "\(article) journal is damaged in \(segment) at byte \(offset): \(reason); record \(first) cannot be read, and the "
      + "snapshot of record \(snapshot) covers it\(covered)"
  }
}

extension JournalDamage: Encodable {
  private enum CodingKeys: String, CodingKey {
    case segment, offset, records, message
  }

  /// Where it is, the records read past as `[first, snapshot]`, and the sentence that says it.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(segment, forKey: .segment)
    try container.encode(offset, forKey: .offset)
    try container.encode([records.lowerBound, records.upperBound], forKey: .records)
    try container.encode(description, forKey: .message)
  }
}

extension [JournalDamage] {
  /// Adds `damage`, or widens the last damage when `damage` is the same one read past again: a
  /// snapshot whose next record the damage also swallowed leaves reading to go on from a later one.
  public mutating func add(_ damage: JournalDamage) {
    if let last, last.segment == damage.segment, last.offset == damage.offset, last.snapshot + 1 == damage.records.lowerBound {
      self[count - 1].records = last.records.lowerBound...damage.snapshot
    } else {
      append(damage)
    }
  }
}
