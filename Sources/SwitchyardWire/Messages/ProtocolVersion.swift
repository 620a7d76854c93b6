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

  private static func major(of version: String) -> Int? {
    let parts = version.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2, let major = Int(parts[0]), major >= 0, let minor = Int(parts[1]), minor >= 0
    else { return nil }
    return major
  }
}
