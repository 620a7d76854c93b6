/// The version of the Switchyard wire protocol, `MAJOR.MINOR`, exchanged in every `hello`.
///
/// Minor versions only add optional fields and message types a peer may ignore; a new major
/// version may change anything, so peers with different majors refuse each other.
public enum ProtocolVersion {
  /// The version this build speaks.
  public static let current = "1.0"

  /// Whether a peer announcing `remote` can talk to this build: the major numbers are equal.
  public static func isCompatible(_ remote: String) -> Bool {
    guard let remoteMajor = major(of: remote), let localMajor = major(of: current) else {
      return false
    }
    return remoteMajor == localMajor
  }

  /// Throws ``WireError/versionMismatch(local:remote:)`` unless `remote` is compatible.
  public static func check(_ remote: String) throws(WireError) {
    guard isCompatible(remote) else {
      throw .versionMismatch(local: current, remote: remote)
    }
  }

  /// Whether `version` is spelled `MAJOR.MINOR`: two runs of decimal digits, of any length. A
  /// peer whose version is not is sending a malformed `hello`, not a different major version.
  public static func isWellFormed(_ version: String) -> Bool {
    major(of: version) != nil
  }

  /// The major number's digits without leading zeros, compared as written rather than as an
  /// `Int`, so that `1.99999999999999999999` is major 1 however long its minor is.
  private static func major(of version: String) -> Substring? {
    let parts = version.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } })
    else { return nil }
    return parts[0].drop { $0 == "0" }
  }
}
