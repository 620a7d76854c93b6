/// The Swift blocks of a guide, each preceded by its file's path as a line `` `Sources/…/File.swift`: ``
/// and a blank line: the files the guide shows, by path.
enum GuideBlocks {
  struct Unlabelled: Error, CustomStringConvertible {
    let line: Int
    var description: String { "the Swift block at line \(line) of the guide is not preceded by its file's path" }
  }

  static func files(in guide: Substring) throws -> [String: String] {
    let lines = guide.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var shown: [String: String] = [:]
    var index = 0
    while index < lines.count {
      guard lines[index] == "```swift", let end = lines[index...].firstIndex(of: "```") else {
        index += 1
        continue
      }
      let label = index >= 2 ? lines[index - 2] : ""
      guard label.hasPrefix("`") && label.hasSuffix("`:") else { throw Unlabelled(line: index) }
      shown[String(label.dropFirst().dropLast(2))] = lines[(index + 1)..<end].joined(separator: "\n") + "\n"
      index = end + 1
    }
    return shown
  }
}
