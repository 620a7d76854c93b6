#if canImport(Glibc)
import Glibc
#endif
import SwitchyardRuntime

/// Frames a misbehaving worker writes to fuzz its coordinator: mostly well-framed objects that are
/// wrong in their values (unknown types, mistyped or missing fields, effects and generations that
/// are not current), which the coordinator must drop, and now and then one with a byte replaced,
/// usually no longer JSON, which breaks the stream — as does the end of one burst in ten: the
/// coordinator must kill and restart the worker.
///
/// Seeded, so a failure can be replayed from the seed the worker logs.
struct MutatedFrames {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  /// `count` frames, one after another, as one buffer.
  mutating func make(count: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    for _ in 0..<count {
      var payload = Array(template().utf8)
      // One payload in 5,000 has a byte replaced: usually no longer JSON, which closes the stream.
      if next(5_000) == 0 { payload[next(payload.count)] = UInt8(next(256)) }
      let length = UInt32(payload.count)
      bytes += [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
      bytes += payload
    }
    // One burst in ten ends with a frame that is not JSON, so some streams surely break.
    if next(10) == 0 { bytes += [0, 0, 0, 5] + Array("{nope".utf8) }
    return bytes
  }

  private mutating func template() -> String {
    let effect = next(1_000_000) + 1_000_000
    let generation = next(4)
    switch next(10) {
    case 0: return #"{"type":"emit","effect":\#(effect),"generation":\#(generation),"output":{"tag":"x","index":1}}"#
    case 1: return #"{"type":"emit","effect":\#(effect),"generation":\#(generation),"sequence":\#(next(9)),"output":null}"#
    case 2: return #"{"type":"finished","effect":\#(effect),"generation":\#(generation)}"#
    case 3: return #"{"type":"failed","effect":\#(effect),"generation":\#(generation),"code":"x","message":"m","retryable":true}"#
    case 4: return #"{"type":"heartbeat","inFlight":"many","counters":{}}"#
    case 5: return #"{"type":"teleport","effect":\#(effect)}"#
    case 6: return #"{"effect":\#(effect)}"#
    case 7: return #"{"type":"emit","effect":-1,"generation":\#(generation),"output":[]}"#
    case 8: return #"{"type":"pong","nonce":\#(effect)}"#
    default: return #"{"type":"finished","effect":"\#(effect)","generation":1e3}"#
    }
  }

  /// A number below `bound` (SplitMix64).
  private mutating func next(_ bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((z ^ (z >> 31)) % UInt64(bound))
  }
}
