import Foundation
import Testing

/// The guide "Upgrading your application" shows version 2 of the documents fixture: each Swift
/// block is the file of `Tests/Fixtures/OwnAppV2` named above it, word for word, and every file
/// there is shown, so building version 2 (``OwnApplicationTests``) compiles every snippet.
struct UpgradeGuideTests {
  static let guide = OwnAppFixture.repository + "/Sources/SwitchyardApplication/Documentation.docc/Articles/UpgradingYourApplication.md"
  static let fixture = OwnAppFixture.repository + "/Tests/Fixtures/OwnAppV2"

  @Test func everySwiftBlockIsAFileOfVersionTwoAndEveryFileIsShown() throws {
    let text = try String(contentsOfFile: Self.guide, encoding: .utf8)
    let shown = try GuideBlocks.files(in: text[...])
    let files = try #require(FileManager.default.enumerator(atPath: Self.fixture)).compactMap { $0 as? String }
      .filter { $0.hasSuffix(".swift") }.sorted()
    #expect(!files.isEmpty)
    #expect(Set(shown.keys) == Set(files), "the guide and Tests/Fixtures/OwnAppV2 show different files")
    for path in files {
      #expect(shown[path] == (try String(contentsOfFile: Self.fixture + "/" + path, encoding: .utf8)), "the guide's \(path) differs")
    }
    // The section migration errors point to.
    #expect(text.contains("\n## Migrations\n"))
  }
}
