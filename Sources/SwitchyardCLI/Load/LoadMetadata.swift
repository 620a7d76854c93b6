import Foundation

/// Where and how a load ran, as k6 heads its summary: when, on which host, by which tool, with
/// which options; each run adds the build it drove (``LoadResult/build``).
package struct LoadMetadata: Equatable, Sendable, Encodable {
  /// When the load began, in ISO 8601 UTC.
  package var startedAt: String
  /// The host `load` ran on.
  package var host: String
  /// The `load` executable's name and version.
  package var tool: String
  /// The options `load` was given, as typed.
  package var options: [String]

  /// Creates metadata.
  package init(startedAt: String, host: String, tool: String, options: [String]) {
    self.startedAt = startedAt
    self.host = host
    self.tool = tool
    self.options = options
  }

  /// This run's: now, this host, `tool`, and `options`.
  package static func now(tool: String, options: [String]) -> LoadMetadata {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    return LoadMetadata(startedAt: formatter.string(from: Date()), host: ProcessInfo.processInfo.hostName, tool: tool, options: options)
  }
}
