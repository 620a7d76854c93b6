/// How long the journal's segments are kept for `history`, apart from what recovery needs: by
/// age and by size, like a log's retention (proto/JOURNAL.md, "Retention").
///
/// Recovery needs only the journal since the oldest kept snapshot; history reaches further back
/// for as long as this keeps the segments, and one snapshot before them is kept to rebuild states.
public struct HistoryRetention: Sendable, Equatable {
  /// A segment whose last record is older than this is removed; `nil` for no age limit.
  public var maximumAge: Duration?
  /// The oldest segments are removed while all of them together take more bytes than this; `nil`
  /// for no size limit.
  public var maximumBytes: Int?

  /// Keeps segments for `maximumAge` and at most `maximumBytes`, whichever removes first; the
  /// defaults keep a week, or 1 GiB.
  public init(maximumAge: Duration? = .seconds(7 * 24 * 3600), maximumBytes: Int? = 1 << 30) {
    self.maximumAge = maximumAge
    self.maximumBytes = maximumBytes
  }

  /// Keeps no more history than recovery needs.
  public static let recoveryOnly = HistoryRetention(maximumAge: .zero, maximumBytes: 0)

  /// How many of `segments` (oldest first, with their sizes and when each was last written), from
  /// the oldest, history lets go at `now`; never the newest.
  func segmentsLetGo(_ segments: [(bytes: Int, modifiedNanoseconds: Int64)], now: Int64) -> Int {
    var total = segments.reduce(0) { $0 + $1.bytes }
    var letGo = 0
    for segment in segments.dropLast() {
      let tooOld = maximumAge.map { now - segment.modifiedNanoseconds > $0.wholeNanoseconds } ?? false
      let tooLarge = maximumBytes.map { total > $0 } ?? false
      guard tooOld || tooLarge else { break }
      total -= segment.bytes
      letGo += 1
    }
    return letGo
  }
}
