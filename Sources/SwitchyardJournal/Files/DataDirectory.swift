import Glibc

/// The files of a data directory (proto/JOURNAL.md, "Layout"): where each lives and what each
/// name means.
struct DataDirectory: Sendable {
  /// The journal format this code writes, and the newest it reads: 2 journals effects' ends, 3
  /// journals an effect's event in place of the action it became, 4 stamps snapshots and records
  /// with the application version that wrote them and journals state digests.
  static let formatVersion = 4
  /// The first format that journals effects' ends: records an older one wrote restart no effect.
  static let effectEndsSince = 2
  static let formatFileName = "FORMAT"
  static let lockFileName = "LOCK"

  let path: String

  func file(_ name: String) -> String {
    path + "/" + name
  }

  /// What a file name in the directory is.
  enum Entry: Equatable {
    case segment(firstSequence: UInt64)
    case snapshot(sequence: UInt64)
    /// A snapshot whose writing was interrupted; it was never renamed into place.
    case unfinishedSnapshot
    case format, lock
    /// A file the journal set aside under `--repair`, or one it does not know.
    case other
  }

  static func segmentName(firstSequence: UInt64) -> String {
    "segment-" + padded(firstSequence) + ".log"
  }

  static func snapshotName(sequence: UInt64) -> String {
    "snapshot-" + padded(sequence) + ".snap"
  }

  static func entry(named name: String) -> Entry {
    if name == formatFileName { return .format }
    if name == lockFileName { return .lock }
    if name.hasPrefix("snapshot-") && name.hasSuffix(".snap.tmp") { return .unfinishedSnapshot }
    if let sequence = number(in: name, prefix: "segment-", suffix: ".log") { return .segment(firstSequence: sequence) }
    if let sequence = number(in: name, prefix: "snapshot-", suffix: ".snap") { return .snapshot(sequence: sequence) }
    return .other
  }

  /// The names of the directory's files; an absent directory has none.
  func names() throws(JournalError) -> [String] {
    guard let directory = opendir(path) else {
      if errno == ENOENT { return [] }
      throw .io(operation: "opendir", path: path, errno: errno)
    }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
  }

  /// The segments' first sequence numbers and file names, oldest first.
  func segments() throws(JournalError) -> [(firstSequence: UInt64, name: String)] {
    try names().compactMap { name in
      if case let .segment(first) = Self.entry(named: name) { return (first, name) }
      return nil
    }
  }

  /// The snapshots' sequence numbers and file names, oldest first.
  func snapshots() throws(JournalError) -> [(sequence: UInt64, name: String)] {
    try names().compactMap { name in
      if case let .snapshot(sequence) = Self.entry(named: name) { return (sequence, name) }
      return nil
    }
  }

  /// The bytes the segments and snapshots take on disk.
  func journalBytes() throws(JournalError) -> Int {
    try names().reduce(0) { total, name in
      switch Self.entry(named: name) {
      case .segment, .snapshot:
        var info = stat()
        return stat(file(name), &info) == 0 ? total + Int(info.st_size) : total
      default:
        return total
      }
    }
  }

  /// The oldest record a segment or snapshot holds, a snapshot counting as the record it covers;
  /// `nil` when there is neither.
  func oldestKeptSequence() throws(JournalError) -> UInt64? {
    try names().compactMap { name -> UInt64? in
      switch Self.entry(named: name) {
      case let .segment(firstSequence): firstSequence
      case let .snapshot(sequence): sequence
      default: nil
      }
    }.min()
  }

  /// The size of the file `name` and when it was last written, in nanoseconds since 1970.
  func attributes(of name: String) throws(JournalError) -> (bytes: Int, modifiedNanoseconds: Int64) {
    var info = stat()
    guard stat(file(name), &info) == 0 else { throw .io(operation: "stat", path: file(name), errno: errno) }
    return (Int(info.st_size), Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
  }

  /// Creates the directory (and its parents) if it is absent.
  func create() throws(JournalError) {
    var prefix = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/") {
      prefix += "/" + component
      if mkdir(prefix, 0o755) != 0 && errno != EEXIST { throw .io(operation: "mkdir", path: prefix, errno: errno) }
    }
  }

  /// Makes the directory's entries (created, renamed, removed files) durable.
  func synchronize() throws(JournalError) {
    let directory = try FileDescriptor.open(path, O_RDONLY | O_DIRECTORY)
    defer { directory.close() }
    try directory.synchronize()
  }

  /// Writes `bytes` as the file `name`, atomically: to `name.tmp`, fsynced, renamed over `name`,
  /// the directory fsynced. A crash leaves the old file or the new one, and perhaps the `.tmp`.
  func replace(_ name: String, with bytes: [UInt8]) throws(JournalError) {
    let temporary = name + ".tmp"
    let written = try FileDescriptor.open(file(temporary), O_WRONLY | O_CREAT | O_TRUNC)
    do {
      try written.write(bytes)
      try written.synchronize()
      written.close()
    } catch {
      written.close()
      try? remove(temporary)
      throw error
    }
    try rename(temporary, to: name)
    try synchronize()
  }

  func remove(_ name: String) throws(JournalError) {
    guard unlink(file(name)) == 0 || errno == ENOENT else { throw .io(operation: "unlink", path: file(name), errno: errno) }
  }

  /// `name`, or when a file has it, the first of `base.2.ext`, `base.3.ext`… that none has (`ext`
  /// being what follows the last dot): a repair sets files aside without replacing earlier ones.
  func unusedName(_ name: String) -> String {
    guard access(file(name), F_OK) == 0, let dot = name.lastIndex(of: ".") else { return name }
    var counter = 2
    while case let candidate = "\(name[..<dot]).\(counter)\(name[dot...])", access(file(candidate), F_OK) == 0 { counter += 1 }
    return "\(name[..<dot]).\(counter)\(name[dot...])"
  }

  /// Renames `name` to `newName` within the directory.
  func rename(_ name: String, to newName: String) throws(JournalError) {
    guard Glibc.rename(file(name), file(newName)) == 0 else { throw .io(operation: "rename", path: file(name), errno: errno) }
  }

  private static func padded(_ value: UInt64) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, 20 - digits.count)) + digits
  }

  private static func number(in name: String, prefix: String, suffix: String) -> UInt64? {
    guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count == prefix.count + 20 + suffix.count else { return nil }
    return UInt64(name.dropFirst(prefix.count).dropLast(suffix.count))
  }
}
