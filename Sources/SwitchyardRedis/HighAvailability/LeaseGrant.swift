/// A lease one coordinator holds: the epoch it was granted with and who holds it.
///
/// The epoch is the fencing token: every write to the shared journal carries the grant, and
/// Redis refuses it unless the lease still holds exactly this value.
public struct LeaseGrant: Sendable, Hashable, CustomStringConvertible {
  /// The lease's epoch, one more than any granted before it.
  public var epoch: UInt64
  /// Who holds it: what the holder told ``RedisLease`` about itself, such as its control address.
  public var holder: String

  /// A grant from its parts.
  public init(epoch: UInt64, holder: String) {
    self.epoch = epoch
    self.holder = holder
  }

  /// Reads the lease key's value, `EPOCH HOLDER`; `nil` for anything else.
  init?(value: [UInt8]) {
    guard let space = value.firstIndex(of: UInt8(ascii: " ")),
      let epoch = UInt64(String(decoding: value[..<space], as: UTF8.self))
    else { return nil }
    self.init(epoch: epoch, holder: String(decoding: value[(space + 1)...], as: UTF8.self))
  }

  /// The lease key's value while this grant holds.
  var value: [UInt8] { Array("\(epoch) \(holder)".utf8) }

  public var description: String { "epoch \(epoch) held by \(holder)" }
}
