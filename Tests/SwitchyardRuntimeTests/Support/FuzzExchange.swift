#if canImport(Glibc)
import Glibc
#endif
import SwitchyardWire
@testable import SwitchyardRuntime

/// What one fuzzing control connection wrote and read back, as frames.
struct FuzzExchange {
  var payloads: [[UInt8]] = []
  /// Why the reply stream was not a sequence of whole frames ending at a close, if it was not.
  var failure: String?

  /// Connects to the Unix socket at `path`, writes `bytes` while reading replies, shuts its
  /// writing side, and reads until the coordinator closes (30 s at most); a client that
  /// `abandons` closes once it has written.
  static func run(path: String, writing bytes: [UInt8], abandons: Bool) -> FuzzExchange {
    guard let fd = connectUnix(path: path) else { return FuzzExchange(failure: "could not connect: errno \(errno)") }
    return run(fd: fd, writing: bytes, ending: abandons ? .abandon : .shutWriting)
  }

  /// The same over `fd`, any connected stream socket (a TCP control listener's), ending as `ending` says.
  static func run(fd: Int32, writing bytes: [UInt8], ending: RawExchange.Ending) -> FuzzExchange {
    let raw = RawExchange.run(fd: fd, writing: bytes, ending: ending)
    var exchange = FuzzExchange()
    var decoder = FrameDecoder()
    decoder.append(contentsOf: raw.received)
    do {
      while let payload = try decoder.next() { exchange.payloads.append(payload) }
    } catch {
      exchange.failure = "a reply frame the client cannot read: \(error)"
      return exchange
    }
    if let failure = raw.failure {
      exchange.failure = failure
    } else if raw.closedByPeer, decoder.bufferedByteCount > 0 {
      exchange.failure = "the replies ended inside a frame"
    }
    return exchange
  }
}
