import Foundation
import Testing

/// The "Your own application" guide (a DocC article) shows the fixture package's files: each Swift
/// block there is the file named just above it, word for word, and every file of the package is
/// shown, so building the fixture (``OwnApplicationTests``) compiles every snippet of the guide.
struct OwnApplicationGuideTests {
  @Test func everySwiftBlockOfTheGuideIsAFileOfTheFixtureAndEveryFileIsShown() throws {
    let guide = try Documentation.article("YourOwnApplication")
    let lines = guide.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)

    var shown: [String: String] = [:]
    var index = 0
    while index < lines.count {
      guard lines[index] == "```swift" else {
        index += 1
        continue
      }
      let end = try #require(lines[index...].firstIndex(of: "```"), "a Swift block is not closed")
      let code = lines[(index + 1)..<end].joined(separator: "\n") + "\n"
      // The path line, `Sources/…/File.swift`:, then a blank line, then the block.
      let label = index >= 2 ? lines[index - 2] : ""
      let path = try #require(
        label.hasPrefix("`") && label.hasSuffix("`:") ? String(label.dropFirst().dropLast(2)) : nil,
        "the Swift block at line \(index) of the guide is not preceded by its file's path"
      )
      shown[path] = code
      index = end + 1
    }

    let files = try fixtureFiles()
    #expect(Set(shown.keys) == Set(files), "the guide and the fixture show different files")
    for path in files {
      let file = try String(contentsOfFile: OwnAppFixture.source + "/" + path, encoding: .utf8)
      #expect(shown[path] == file, "the guide's \(path) differs from Tests/Fixtures/OwnApp/\(path)")
    }
  }

  /// Every Swift file of the fixture, relative to it.
  private func fixtureFiles() throws -> [String] {
    let enumerator = try #require(FileManager.default.enumerator(atPath: OwnAppFixture.source))
    return enumerator.compactMap { $0 as? String }
      .filter { $0.hasSuffix(".swift") && !$0.hasPrefix(".build") }
      .sorted()
  }
}
