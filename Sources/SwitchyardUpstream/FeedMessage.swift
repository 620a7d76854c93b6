import Foundation

/// One message of the upstream's `/feed`, sent as JSON text: `{"sequence":7,"sentAt":"2026-…Z"}`.
public struct FeedMessage: Codable, Equatable, Sendable {
  /// The message's number, from 1, counting every message the feed sent since the service started.
  public var sequence: Int
  /// When the service sent it, in ISO 8601 with milliseconds.
  public var sentAt: String

  /// Creates a message.
  public init(sequence: Int, sentAt: String) {
    self.sequence = sequence
    self.sentAt = sentAt
  }

  /// Message `sequence`, stamped with `date`.
  init(sequence: Int, date: Date) {
    self.init(sequence: sequence, sentAt: date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
  }
}
