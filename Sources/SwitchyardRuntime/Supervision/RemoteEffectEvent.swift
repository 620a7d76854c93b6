import SwitchyardWire

/// What a remote effect hands whoever started it, on the main actor: each output as it arrived,
/// then its end, once.
///
/// One handler hears both, so starting an effect costs one closure, not one per kind of event.
@usableFromInline
enum RemoteEffectEvent {
  /// An output, still the JSON it arrived as: the handler decodes it into the job's output type.
  case output(RawJSON)
  /// How the effect ended; `CancellationError` when it was cancelled.
  case ended(Result<Void, any Error>)

  /// Hears a remote effect's events; throws only when an output does not decode, which fails
  /// the effect as `malformed`.
  @usableFromInline
  typealias Handler = @MainActor (RemoteEffectEvent) throws -> Void

  /// Hands `handler` the end `result`.
  @MainActor
  static func end(_ result: Result<Void, any Error>, to handler: Handler) {
    // Only an output's decoding throws: an end has nothing to decode.
    try? handler(.ended(result))
  }
}
