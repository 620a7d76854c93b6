import SwitchyardRuntime

extension JobFailure.Code {
  /// The job's URL cannot be used: not a URL, or a scheme the worker does not speak.
  public static let invalidURL: Self = "invalidURL"
  /// The server answered, but with a 4xx status or a body that is not what the job expects;
  /// asking again would get the same answer.
  public static let badResponse: Self = "badResponse"
  /// The server could not be reached, or kept answering 5xx, through every attempt.
  public static let upstreamUnavailable: Self = "upstreamUnavailable"
}
