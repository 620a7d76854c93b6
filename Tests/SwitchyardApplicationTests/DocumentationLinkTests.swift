import Foundation
import Testing

/// The README stays a ten-minute tour and its links and the guides' links lead somewhere: a link
/// that names a moved or renamed page fails here, not in a reader's browser.
struct DocumentationLinkTests {
  @Test func theReadmeStaysShort() throws {
    let readme = try String(contentsOfFile: OwnAppFixture.repository + "/README.md", encoding: .utf8)
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count
    #expect(lines <= 400, "README.md has \(lines) lines: put guides in Documentation.docc/Articles and link them")
  }

  @Test func everyRelativeLinkOfTheReadmeNamesAFileAndAHeadingThatExist() throws {
    let root = OwnAppFixture.repository
    let readme = try String(contentsOfFile: root + "/README.md", encoding: .utf8)
    let prose = Documentation.prose(readme)
    #expect(Documentation.undefinedReferences(prose).isEmpty, "README.md uses [text][label] links with no [label]: line")
    let targets = Documentation.linkTargets(prose).filter { !$0.contains("://") }
    #expect(targets.count >= 5, "the README links its guides: \(targets)")
    for target in targets {
      let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
      let file = parts[0].isEmpty ? "README.md" : parts[0]
      #expect(FileManager.default.fileExists(atPath: root + "/" + file), "README.md links to \(target): no such file")
      if parts.count == 2, file.hasSuffix(".md"), let text = try? String(contentsOfFile: root + "/" + file, encoding: .utf8) {
        #expect(Documentation.anchors(text).contains(parts[1]), "README.md links to \(target): \(file) has no such heading")
      }
    }
  }

  @Test func everyDocLinkOfTheCatalogNamesAnArticle() throws {
    let pages = try Documentation.pages()
    let names = Set(pages.map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension })
    var links = 0
    for page in pages {
      let text = try String(contentsOfFile: Documentation.catalog + "/" + page, encoding: .utf8)
      for line in Documentation.prose(text) {
        for match in line.matches(of: /<doc:([^>#]+)(#[^>]*)?>/) {
          links += 1
          #expect(names.contains(String(match.output.1)), "\(page) links to <doc:\(match.output.1)>: no such article")
        }
      }
    }
    #expect(links >= 5, "the landing page lists the guides")
  }

  /// DocC resolves `<doc:…>`, ``` ``Symbol`` ```, URLs and anchors in the page; a relative path is
  /// a dead link in the rendered documentation, so a guide names repository files as code spans.
  @Test func everyPageHasOneTitleAndLinksOnlyWhatDocCResolves() throws {
    for page in try Documentation.pages() {
      let lines = Documentation.prose(try String(contentsOfFile: Documentation.catalog + "/" + page, encoding: .utf8))
      #expect(lines.filter { $0.hasPrefix("# ") }.count == 1, "\(page) needs exactly one `# Title`")
      for target in Documentation.linkTargets(lines) where !target.contains("://") && !target.hasPrefix("#") {
        Issue.record("\(page) links to \(target): DocC does not resolve relative paths; use <doc:…> or a code span")
      }
    }
  }

  /// A ``` ``Symbol`` ``` link resolves only to this module or a type it declares; anything else
  /// (a type of `ComposableArchitecture`, say) is a code span.
  @Test func everySymbolLinkNamesATypeOfTheModule() throws {
    let sources = OwnAppFixture.repository + "/Sources/SwitchyardApplication"
    let enumerator = try #require(FileManager.default.enumerator(atPath: sources))
    var declared: Set<String> = ["SwitchyardApplication"]
    for case let path as String in enumerator where path.hasSuffix(".swift") {
      let text = try String(contentsOfFile: sources + "/" + path, encoding: .utf8)
      for match in text.matches(of: /public (?:final )?(?:struct|enum|class|protocol|typealias|actor) (\w+)/) {
        declared.insert(String(match.output.1))
      }
    }
    for page in try Documentation.pages() {
      for line in Documentation.prose(try String(contentsOfFile: Documentation.catalog + "/" + page, encoding: .utf8)) {
        for match in line.matches(of: /``([^`]+)``/) {
          let type = match.output.1.split(separator: "/").first.map(String.init) ?? ""
          #expect(declared.contains(type), "\(page) links to ``\(match.output.1)``, which SwitchyardApplication does not declare")
        }
      }
    }
  }
}
