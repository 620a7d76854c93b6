import Foundation
import SwitchyardApplication

/// The port the demo's upstream listened on, kept in the data directory: the demo's state holds
/// its upstream's URLs, so a restarted demo that recovers that state listens there again.
enum DemoUpstreamPort {
  static let fileName = "demo-upstream-port"

  /// The port the last demo on this data directory used, if it journals and one did.
  static func previous(_ options: StartOptions) -> UInt16? {
    guard options.journals, let data = FileManager.default.contents(atPath: path(options)) else { return nil }
    return UInt16(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// Remembers `port` for the next demo on this data directory.
  static func remember(_ port: UInt16, _ options: StartOptions) {
    guard options.journals else { return }
    try? FileManager.default.createDirectory(atPath: options.resolvedDataDirectory, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: path(options), contents: Data("\(port)\n".utf8))
  }

  private static func path(_ options: StartOptions) -> String {
    options.resolvedDataDirectory + "/" + fileName
  }
}
