/// Work a reducer asks a worker process to do, described as data.
///
/// A job is `Codable` so it can cross the pipe to a worker; its outputs come back as
/// ``JobEvent``s that ``ComposableArchitecture/Effect/remote(_:transform:)`` turns into actions.
///
/// ```swift
/// struct SearchJob: RemoteJob {
///   static let kind: JobKind = "search"
///   typealias Output = SearchResponse
///   var query: String
/// }
/// ```
public protocol RemoteJob: Codable, Sendable {
  /// What the job yields, zero or more times, before it finishes.
  associatedtype Output: Codable & Sendable

  /// The pool of workers that runs jobs of this type.
  static var kind: JobKind { get }

  /// Whether the job may run again on another worker when its worker dies mid-run.
  ///
  /// Idempotent reads and listeners are; anything with side effects the caller cannot repeat is
  /// not, and fails with ``JobFailure/Code/workerExited`` instead. Defaults to `true`.
  var isRetryable: Bool { get }

  /// How many times the job may be started in all, counting the first; defaults to 3.
  var maxAttempts: Int { get }

  /// How long one attempt may run from start to close before it is cancelled and fails with
  /// ``JobFailure/Code/timeout``; `nil` for long-running listeners. Defaults to 30 seconds.
  var timeout: Duration? { get }

  /// How long one attempt may wait for a worker before it fails ``JobFailure/Code/timeout``;
  /// `nil`, the default, leaves ``timeout`` alone to bound the wait. A long-running listener, which
  /// has no timeout, sets one: behind listeners that never end it would otherwise wait for ever.
  var queueTimeout: Duration? { get }

  /// Jobs with the same key run on the same worker while any of them runs, so a worker can keep
  /// per-key state across overlapping jobs (a debounce window); `nil`, the default, places by
  /// load alone. A key with nothing running may land on another worker next time.
  var affinityKey: String? { get }
}

extension RemoteJob {
  /// Jobs are retryable unless they say otherwise.
  public var isRetryable: Bool { true }
  /// Three attempts in all.
  public var maxAttempts: Int { 3 }
  /// Thirty seconds from start to close.
  public var timeout: Duration? { .seconds(30) }
  /// Only ``timeout`` bounds the wait for a worker.
  public var queueTimeout: Duration? { nil }
  /// No affinity: the least-loaded worker runs it.
  public var affinityKey: String? { nil }
}
