import Foundation

/// A systemd unit file read the way systemd reads it: sections of `Key=Value` lines, comments
/// starting `#` or `;`, and lines continued by a trailing backslash.
public struct SystemdUnit: Sendable {
  /// Each section's keys and values, in order; a key may repeat.
  public var sections: [String: [(key: String, value: String)]] = [:]

  /// A line that is none of a section header, an assignment, a comment or blank.
  public struct Malformed: Error, CustomStringConvertible {
    /// The line's number, from 1.
    public var line: Int
    /// The line as read.
    public var text: String
    public var description: String { "line \(line) is not a section, a Key=Value or a comment: \(text)" }
  }

  /// Reads `text`, throwing ``Malformed`` at the first line systemd would not take.
  public init(parsing text: String) throws {
    var section: String?
    var pending = ""
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      var line = pending + raw.trimmingCharacters(in: .whitespaces)
      pending = ""
      if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
      if line.hasSuffix("\\") {
        line.removeLast()
        pending = line + " "
        continue
      }
      if line.hasPrefix("["), line.hasSuffix("]") {
        section = String(line.dropFirst().dropLast())
        sections[section!, default: []] = sections[section!] ?? []
        continue
      }
      guard let section, let equals = line.firstIndex(of: "="), equals != line.startIndex else {
        throw Malformed(line: index + 1, text: line)
      }
      let key = line[..<equals].trimmingCharacters(in: .whitespaces)
      guard key.allSatisfy({ $0.isLetter || $0.isNumber }) else { throw Malformed(line: index + 1, text: line) }
      sections[section, default: []].append((key, line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)))
    }
  }

  /// The last value of `key` in `section`, as systemd takes it for single-valued keys.
  public func value(_ key: String, in section: String) -> String? {
    sections[section]?.last { $0.key == key }?.value
  }
}
