/// Why a remote job failed: delivered to the reducer, never dropped.
public struct JobFailure: Error, Codable, Equatable, Sendable, CustomStringConvertible {
  /// The class of failure, stable across versions so reducers can switch on it.
  public struct Code: RawRepresentable, Hashable, Codable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The code as it appears on the wire.
    public let rawValue: String

    /// Creates a code; handlers may define their own.
    public init(_ rawValue: String) {
      self.rawValue = rawValue
    }

    /// Creates the code named `rawValue`; with `RawRepresentable`, it is coded as that bare string.
    public init(rawValue: String) {
      self.init(rawValue)
    }

    /// Creates a code from a string literal: `"probeFailed"`.
    public init(stringLiteral value: String) {
      self.init(value)
    }

    /// The code as it appears on the wire.
    public var description: String { rawValue }

    /// The pool's queue was full: the job was refused rather than buffered without bound.
    public static let overloaded: Self = "overloaded"
    /// The job ran longer than its kind's start-to-close timeout.
    public static let timeout: Self = "timeout"
    /// The worker running the job exited (or was killed) and the job is not retryable, or its
    /// retries ran out.
    public static let workerExited: Self = "workerExited"
    /// A transport found the attempt's worker gone while the job ran (another worker reclaimed
    /// its job from a broker): the coordinator retries it as if that worker had exited.
    public static let workerLost: Self = "workerLost"
    /// The pool for the job's kind is failed or does not exist.
    public static let unavailable: Self = "unavailable"
    /// The handler threw.
    public static let handlerError: Self = "handlerError"
    /// The job or its output could not be encoded or decoded.
    public static let malformed: Self = "malformed"
    /// An output was larger than a frame holds; the worker failed the job instead of sending it.
    public static let outputTooLarge: Self = "outputTooLarge"
    /// The coordinator stopped (crashed or was killed) while the job ran, and the job is not
    /// retryable: a coordinator restarted from its journal ends it with this rather than run it twice.
    public static let coordinatorRestarted: Self = "coordinatorRestarted"
  }

  /// The class of failure.
  public var code: Code
  /// A sentence a person can act on.
  public var message: String
  /// Whether running the job again might succeed.
  public var retryable: Bool

  /// Creates a failure.
  public init(code: Code, message: String, retryable: Bool = false) {
    self.code = code
    self.message = message
    self.retryable = retryable
  }

  /// The code, then the message.
  public var description: String {
    "\(code): \(message)"
  }
}

extension JobFailure {
  /// Classifies an error a handler threw: a ``JobFailure`` as itself, anything else as
  /// ``Code/handlerError`` with the error's description.
  @usableFromInline
  init(_ error: any Error) {
    if let failure = error as? JobFailure {
      self = failure
    } else if error is CancellationError {
      self.init(code: .handlerError, message: "The handler threw CancellationError without being cancelled.")
    } else {
      self.init(code: .handlerError, message: "\(error)")
    }
  }
}
