import Foundation

/// The values the non-deterministic dependencies returned while one action was reduced, in the
/// order they were asked for: what a journal stores beside the action so replay is exact.
///
/// Clock readings are offsets from the clock's `now` when recording began, so a replay on another
/// day or machine measures the same durations; instants themselves mean nothing outside a process.
public struct DependencyRecording: Codable, Equatable, Sendable {
  /// What `uuid` returned.
  public var uuids: [UUID]
  /// What `date` returned.
  public var dates: [Date]
  /// The words `withRandomNumberGenerator`'s generator produced.
  public var randomWords: [UInt64]
  /// What `continuousClock.now` read, as offsets from its reading when recording began.
  public var continuousClockReadings: [Duration]
  /// What `suspendingClock.now` read, as offsets from its reading when recording began.
  public var suspendingClockReadings: [Duration]

  /// Creates a recording of the given values; empty by default.
  public init(
    uuids: [UUID] = [],
    dates: [Date] = [],
    randomWords: [UInt64] = [],
    continuousClockReadings: [Duration] = [],
    suspendingClockReadings: [Duration] = []
  ) {
    self.uuids = uuids
    self.dates = dates
    self.randomWords = randomWords
    self.continuousClockReadings = continuousClockReadings
    self.suspendingClockReadings = suspendingClockReadings
  }

  /// Whether no dependency was asked for anything: the common case, which encodes as `{}`.
  public var isEmpty: Bool {
    uuids.isEmpty && dates.isEmpty && randomWords.isEmpty && continuousClockReadings.isEmpty
      && suspendingClockReadings.isEmpty
  }

  private enum CodingKeys: String, CodingKey {
    case uuids, dates, randomWords, continuousClockReadings, suspendingClockReadings
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      uuids: try container.decodeIfPresent([UUID].self, forKey: .uuids) ?? [],
      dates: try container.decodeIfPresent([Date].self, forKey: .dates) ?? [],
      randomWords: try container.decodeIfPresent([UInt64].self, forKey: .randomWords) ?? [],
      continuousClockReadings: try container.decodeIfPresent([Duration].self, forKey: .continuousClockReadings) ?? [],
      suspendingClockReadings: try container.decodeIfPresent([Duration].self, forKey: .suspendingClockReadings) ?? []
    )
  }

  // Empty lists are left out: most actions ask for nothing, and every journal record carries this.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    if !uuids.isEmpty { try container.encode(uuids, forKey: .uuids) }
    if !dates.isEmpty { try container.encode(dates, forKey: .dates) }
    if !randomWords.isEmpty { try container.encode(randomWords, forKey: .randomWords) }
    if !continuousClockReadings.isEmpty { try container.encode(continuousClockReadings, forKey: .continuousClockReadings) }
    if !suspendingClockReadings.isEmpty { try container.encode(suspendingClockReadings, forKey: .suspendingClockReadings) }
  }
}
