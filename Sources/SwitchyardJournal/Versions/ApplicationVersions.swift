/// Which version of the application wrote each record of a data directory: its `VERSIONS` file
/// (proto/JOURNAL.md, "VERSIONS"), one line `version V from N` for each start of a version that
/// differs from the one before, N the first record that version appended.
///
/// Records before the first line, and every record of a directory without the file, were written
/// by version 1; a snapshot says in its header which version wrote it.
public struct ApplicationVersions: Equatable, Sendable {
  static let fileName = "VERSIONS"
  private static let prefix = "version "
  private static let separator = " from "

  /// Where each version began: its first record and the version, in record order.
  public private(set) var starts: [(first: UInt64, version: Int)]

  /// No version but 1 yet.
  public init() {
    starts = []
  }

  /// The version that wrote the record `sequence`.
  public func version(of sequence: UInt64) -> Int {
    starts.last { $0.first <= sequence }?.version ?? 1
  }

  /// The newest version that wrote into the directory.
  public var newest: Int {
    starts.last?.version ?? 1
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.starts.elementsEqual(rhs.starts) { $0.first == $1.first && $0.version == $1.version }
  }

  /// What the directory at `directory` says; none but version 1 when it has no `VERSIONS` file.
  public static func read(directory: String) throws(JournalError) -> ApplicationVersions {
    try read(DataDirectory(path: directory))
  }

  static func read(_ directory: DataDirectory) throws(JournalError) -> ApplicationVersions {
    let path = directory.file(fileName)
    guard let bytes = try FileDescriptor.contents(ofFileAt: path) else { return ApplicationVersions() }
    var versions = ApplicationVersions()
    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
      guard line.hasPrefix(prefix), let range = line.range(of: separator),
        let version = Int(line[line.index(line.startIndex, offsetBy: prefix.count)..<range.lowerBound]), version > 0,
        let first = UInt64(line[range.upperBound...])
      else { throw .unreadableVersions(path: path) }
      versions.starts.append((first, version))
    }
    return versions
  }

  /// Notes that `version` writes from record `first` on, in the directory's file, unless it is the
  /// version already writing there; lines for records never written (a repair cut them) go first.
  ///
  /// Written to a temporary file, fsynced and renamed into place before any record is appended.
  mutating func begin(_ version: Int, from first: UInt64, in directory: DataDirectory) throws(JournalError) {
    let before = self
    starts.removeAll { $0.first >= first }
    if newest != version { starts.append((first, version)) }
    guard self != before else { return }
    let text = starts.map { Self.prefix + String($0.version) + Self.separator + String($0.first) + "\n" }.joined()
    try directory.replace(Self.fileName, with: Array(text.utf8))
  }
}
