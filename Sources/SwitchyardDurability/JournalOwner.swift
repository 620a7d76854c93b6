import Foundation

/// Which application wrote a data directory, kept in its `APPLICATION` file: `start` and `history`
/// refuse a directory that another application's reducer wrote, since replaying its journal
/// through another reducer means nothing.
public struct JournalOwner: Equatable, Sendable {
  /// The application's name, as its command line spells it.
  public var application: String
  /// The root reducer's type, fully qualified: what decides whether a journal replays.
  public var reducer: String

  /// The file in the data directory that names the owner.
  public static let fileName = "APPLICATION"

  /// The owner of a data directory written by `application` with `reducer`.
  public init<Base>(application: String, reducer: Base.Type) {
    self.application = application
    self.reducer = String(reflecting: reducer)
  }

  init(application: String, reducer: String) {
    self.application = application
    self.reducer = reducer
  }

  /// The owner the data directory at `directory` names, or `nil` when it names none (yet).
  public static func read(directory: String) throws(JournalOwnerError) -> JournalOwner? {
    let path = directory + "/" + fileName
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    var fields: [String: String] = [:]
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
      guard let space = line.firstIndex(of: " ") else { continue }
      fields[String(line[..<space])] = String(line[line.index(after: space)...])
    }
    guard let application = fields["application"], let reducer = fields["reducer"] else { throw .unreadable(path: path) }
    return JournalOwner(application: application, reducer: reducer)
  }

  /// Refuses a data directory another reducer wrote.
  public func check(directory: String) throws(JournalOwnerError) {
    if let found = try Self.read(directory: directory), found.reducer != reducer {
      throw .mismatch(directory: directory, found: found, expected: self)
    }
  }

  /// Refuses a data directory another reducer wrote; names this owner in one that names none.
  public func claim(directory: String) throws(JournalOwnerError) {
    try check(directory: directory)
    guard try Self.read(directory: directory) == nil else { return }
    let text = "application \(application)\nreducer \(reducer)\n"
    guard FileManager.default.createFile(atPath: directory + "/" + Self.fileName, contents: Data(text.utf8)) else {
      throw .unwritable(path: directory + "/" + Self.fileName)
    }
  }
}

/// Why a data directory's owner could not be read or matched.
public enum JournalOwnerError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Another application's reducer wrote the data directory.
  case mismatch(directory: String, found: JournalOwner, expected: JournalOwner)
  /// The `APPLICATION` file does not say which application wrote the directory.
  case unreadable(path: String)
  /// The `APPLICATION` file could not be written.
  case unwritable(path: String)

  public var description: String {
    switch self {
    case let .mismatch(directory, found, expected):
      "The data directory \(directory) was written by \(found.application) running \(found.reducer), not by "
        + "\(expected.reducer); its journal does not replay here. Give another --data-dir, or run what wrote it."
    case let .unreadable(path):
      "\(path) does not say which application wrote the data directory (lines 'application NAME' and "
        + "'reducer TYPE'). Restore it, or give another --data-dir."
    case let .unwritable(path):
      "Cannot write \(path); check that the data directory is writable."
    }
  }
}
