import Foundation
import Testing

/// The README and the guides: `SwitchyardApplication`'s DocC catalog, its articles by name.
enum Documentation {
  /// `Sources/SwitchyardApplication/Documentation.docc` in this checkout.
  static let catalog = OwnAppFixture.repository + "/Sources/SwitchyardApplication/Documentation.docc"

  /// Every markdown file of the catalog, relative to it (`Articles/Performance.md`).
  static func pages() throws -> [String] {
    let enumerator = try #require(FileManager.default.enumerator(atPath: catalog), "no catalog at \(catalog)")
    return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".md") }.sorted()
  }

  /// The text of the page named `name`, as `<doc:name>` names it: any `name.md` in the catalog.
  static func article(_ name: String) throws -> String {
    let path = try #require(try pages().first { ($0 as NSString).lastPathComponent == name + ".md" }, "no \(name).md in \(catalog)")
    return try String(contentsOfFile: catalog + "/" + path, encoding: .utf8)
  }

  /// The lines of `text` outside fenced code blocks, where markdown's links and titles live.
  static func prose(_ text: String) -> [Substring] {
    var inCode = false
    return text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
      if line.hasPrefix("```") {
        inCode.toggle()
        return false
      }
      return !inCode
    }
  }

  /// The targets of `[text](target)` links and of `[label]: target` definitions in `lines`.
  static func linkTargets(_ lines: [Substring]) -> [String] {
    lines.flatMap { line in
      line.matches(of: /\]\(([^)\s]+)\)/).map { String($0.output.1) }
        + (line.firstMatch(of: /^\[[^\]]+\]: (\S+)$/).map { [String($0.output.1)] } ?? [])
    }
  }

  /// The labels `[text][label]` links use that no `[label]: target` line defines.
  static func undefinedReferences(_ lines: [Substring]) -> Set<String> {
    let used = lines.flatMap { $0.matches(of: /\]\[([^\]]+)\]/).map { String($0.output.1) } }
    let defined = lines.compactMap { $0.firstMatch(of: #/^\[([^\]]+)\]: /#).map { String($0.output.1) } }
    return Set(used).subtracting(defined)
  }

  /// GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens.
  static func anchor(_ heading: some StringProtocol) -> String {
    String(heading.lowercased().compactMap { character -> Character? in
      if character == " " { return "-" }
      return character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
    })
  }

  /// The anchors of a markdown file's headings.
  static func anchors(_ text: String) -> Set<String> {
    Set(prose(text).compactMap { line in
      guard let title = line.firstMatch(of: /^#+ (.+)$/) else { return nil }
      return anchor(title.output.1.replacing("`", with: ""))
    })
  }
}
