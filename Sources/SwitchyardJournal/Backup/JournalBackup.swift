import Glibc

/// A consistent copy of a data directory, taken while its coordinator keeps running: what
/// `switchyard backup` writes, and what a restore puts back in place of the directory.
///
/// The journal makes this a copy, not a protocol: snapshots are written once and renamed into
/// place, and segments only grow. Every file is opened before any is read, so retention cannot
/// remove one half-way; metadata (`FORMAT`, `HIGHWATER`, the owner) is opened first, then
/// snapshots, then segments oldest first, so the copy's journal reaches at least as far as its
/// newest snapshot and its high-water mark say. Records appended
/// while a segment is read end the copy's journal there; a record caught half-written is the torn
/// tail a start cuts. The copy is written beside the destination and renamed into place once it
/// reads back whole, so a destination that exists is a complete backup.
///
/// Damage a later snapshot covers is copied as it is and reported, not refused: a restore from
/// the copy recovers as the source would, and an operator whose old segment is damaged needs a
/// backup of the rest more than ever.
public enum JournalBackup {
  /// How often the listing is taken again when retention removes a file between listing and opening.
  private static let attempts = 5

  /// Copies the data directory at `source` to `destination`, which must not exist, and reads the
  /// copy back; returns what it holds.
  public static func copy(from source: String, to destination: String) throws(JournalError) -> JournalBackupReport {
    let sourceDirectory = DataDirectory(path: source)
    guard access(source + "/" + DataDirectory.formatFileName, F_OK) == 0 else { throw .backupSourceNotJournal(directory: source) }
    guard access(destination, F_OK) != 0 else { throw .backupDestinationExists(path: destination) }
    let partial = DataDirectory(path: destination + ".partial")
    try removeFiles(of: partial)
    try partial.create()
    do throws(JournalError) {
      let files = try openConsistently(sourceDirectory)
      defer { files.forEach { $0.descriptor.close() } }
      var bytes = 0
      for file in files {
        bytes += try copy(file.descriptor, to: partial.file(file.name))
      }
      try partial.synchronize()
      let report = try check(partial, files: files.map(\.name), bytes: bytes, destination: destination)
      guard Glibc.rename(partial.path, destination) == 0 else { throw .io(operation: "rename", path: partial.path, errno: errno) }
      try DataDirectory(path: parent(of: destination)).synchronize()
      return report
    } catch {
      try? removeFiles(of: partial)
      throw error
    }
  }

  /// The files to copy, opened, in the order they are copied. Metadata is opened from a first
  /// listing and the journal's files from a second, so every segment `HIGHWATER` names is among
  /// them; a listing is taken again when retention removed a file before it was opened.
  private static func openConsistently(_ directory: DataDirectory) throws(JournalError) -> [(name: String, descriptor: FileDescriptor)] {
    let metadata = try open(directory) { rank($0) == 0 }
    do {
      return try metadata + open(directory) { rank($0) > 0 }
    } catch {
      metadata.forEach { $0.descriptor.close() }
      throw error
    }
  }

  /// The files `isWanted` picks, in copy order, opened together from one listing.
  private static func open(
    _ directory: DataDirectory, _ isWanted: (String) -> Bool
  ) throws(JournalError) -> [(name: String, descriptor: FileDescriptor)] {
    for attempt in 1...attempts {
      let names = try directory.names().filter { isCopied($0) && isWanted($0) }
        .sorted { rank($0) < rank($1) || (rank($0) == rank($1) && $0 < $1) }
      var opened: [(name: String, descriptor: FileDescriptor)] = []
      do {
        for name in names {
          opened.append((name, try FileDescriptor.open(directory.file(name), O_RDONLY)))
        }
        return opened
      } catch {
        opened.forEach { $0.descriptor.close() }
        guard case .io(_, _, ENOENT) = error, attempt < attempts else { throw error }
      }
    }
    throw .io(operation: "open", path: directory.path, errno: ENOENT)
  }

  /// Copies what `file` holds now; returns the bytes copied.
  private static func copy(_ file: FileDescriptor, to path: String) throws(JournalError) -> Int {
    let output = try FileDescriptor.open(path, O_WRONLY | O_CREAT | O_EXCL, mode: 0o600)
    defer { output.close() }
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    var offset = 0
    while true {
      let count = try file.read(into: &buffer, at: offset)
      if count == 0 { break }
      try buffer.withUnsafeBytes { raw in Result { () throws(JournalError) in try output.write(UnsafeRawBufferPointer(rebasing: raw[..<count])) } }.get()
      offset += count
    }
    try output.synchronize()
    return offset
  }

  /// Reads the copy's every record, past damage a later snapshot covers, and checks that its
  /// journal covers its newest snapshot.
  private static func check(_ copy: DataDirectory, files: [String], bytes: Int, destination: String) throws(JournalError) -> JournalBackupReport {
    let history = try JournalHistory(directory: copy.path)
    var first: UInt64?
    var last: UInt64 = 0
    var damaged: [JournalDamage] = []
    try history.visit(from: 1) { damage, _ in
      damaged.add(damage)
      return true
    } _: { record in
      if first == nil { first = record.sequence }
      last = record.sequence
      return true
    }
    let snapshots = try history.snapshotSequences()
    if let newest = snapshots.last, newest > last {
      throw .snapshotAheadOfJournal(snapshot: DataDirectory.snapshotName(sequence: newest), sequence: newest, journalEnd: last)
    }
    return JournalBackupReport(
      directory: destination, files: files.count, bytes: bytes, firstSequence: first, lastSequence: last, snapshotSequences: snapshots,
      damaged: damaged
    )
  }

  /// Whether a file of the data directory belongs in a backup: not the lock, nor a file half
  /// written. What `--repair` set aside is kept: it may hold records someone will want back.
  private static func isCopied(_ name: String) -> Bool {
    switch DataDirectory.entry(named: name) {
    case .lock, .unfinishedSnapshot: false
    case .other: !name.hasSuffix(".tmp")
    case .format, .segment, .snapshot: true
    }
  }

  /// Metadata first, then snapshots, then segments: each later file reaches at least as far as the earlier ones.
  private static func rank(_ name: String) -> Int {
    switch DataDirectory.entry(named: name) {
    case .segment: 2
    case .snapshot: 1
    default: 0
    }
  }

  private static func removeFiles(of directory: DataDirectory) throws(JournalError) {
    for name in try directory.names() { try directory.remove(name) }
    guard rmdir(directory.path) == 0 || errno == ENOENT else { throw .io(operation: "rmdir", path: directory.path, errno: errno) }
  }

  private static func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}
