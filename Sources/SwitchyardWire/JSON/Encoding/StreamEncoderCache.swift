#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One ``StreamEncoder`` kept per thread, so an encode reuses the last one's allocations (the
/// encoder, its state, its byte buffer and its container stack) instead of making four.
///
/// Small values dominate the wire (an output, a message, a journal entry) and for them those
/// allocations cost about as much as the encoding. An encode that starts while the thread's
/// encoder is busy (an `encode(to:)` that encodes something else itself) gets a fresh one.
enum StreamEncoderCache {
  /// A buffer grown past this is let go after its encode rather than kept for the thread's life.
  static let maxKeptBytes = 1 << 20

  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { encoder in
      #if canImport(Glibc)
      guard let encoder else { return }
      #endif
      Unmanaged<StreamEncoder>.fromOpaque(encoder).release()
    }
    precondition(status == 0, "pthread_key_create failed (\(status)): the process is out of thread-specific keys")
    return key
  }()

  /// Runs `body` with an encoder set up for `options` and empty, this thread's own when it is free.
  static func withEncoder<R>(options: WireJSONEncoder.Options, _ body: (StreamEncoder) throws -> R) rethrows -> R {
    guard let cached = pthread_getspecific(key) else {
      let encoder = StreamEncoder(options: options)
      encoder.isInUse = true
      pthread_setspecific(key, Unmanaged.passRetained(encoder).toOpaque())
      defer { encoder.finishUse() }
      return try body(encoder)
    }
    let encoder = Unmanaged<StreamEncoder>.fromOpaque(cached).takeUnretainedValue()
    guard !encoder.isInUse else { return try body(StreamEncoder(options: options)) }
    encoder.isInUse = true
    encoder.reset(options: options)
    defer { encoder.finishUse() }
    return try body(encoder)
  }
}
