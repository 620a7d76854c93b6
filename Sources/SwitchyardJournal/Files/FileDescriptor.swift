import Glibc

/// An open file of the data directory, used through raw system calls: the journal's hot path
/// wants `write` and `fdatasync` without any buffering of its own in between.
struct FileDescriptor: Sendable {
  let rawValue: Int32
  /// The path it was opened from, for error messages.
  let path: String

  /// Opens `path`; `flags` are `open(2)`'s.
  static func open(_ path: String, _ flags: Int32, mode: mode_t = 0o644) throws(JournalError) -> FileDescriptor {
    let fd = Glibc.open(path, flags | O_CLOEXEC, mode)
    guard fd >= 0 else { throw .io(operation: "open", path: path, errno: errno) }
    return FileDescriptor(rawValue: fd, path: path)
  }

  /// Writes all of `bytes` at the file's current offset.
  func write(_ bytes: UnsafeRawBufferPointer) throws(JournalError) {
    var offset = 0
    while offset < bytes.count {
      let written = Glibc.write(rawValue, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        throw .io(operation: "write", path: path, errno: errno)
      }
      offset += written
    }
  }

  /// Writes all of `bytes`.
  func write(_ bytes: [UInt8]) throws(JournalError) {
    try bytes.withUnsafeBytes { raw in Result { () throws(JournalError) in try write(raw) } }.get()
  }

  /// Reads into `buffer` from its index `start` on, at the file's `offset`; returns the count read.
  func read(into buffer: inout [UInt8], from start: Int = 0, at offset: Int) throws(JournalError) -> Int {
    try buffer.withUnsafeMutableBytes { raw in
      Result { () throws(JournalError) in try read(into: UnsafeMutableRawBufferPointer(rebasing: raw[start...]), at: offset) }
    }.get()
  }

  /// Reads up to `buffer.count` bytes at `offset`; fewer only at the end of the file.
  func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(JournalError) -> Int {
    var total = 0
    while total < buffer.count {
      let count = pread(rawValue, buffer.baseAddress! + total, buffer.count - total, off_t(offset + total))
      if count < 0 {
        if errno == EINTR { continue }
        throw .io(operation: "read", path: path, errno: errno)
      }
      if count == 0 { break }
      total += count
    }
    return total
  }

  /// The whole file.
  func readAll() throws(JournalError) -> [UInt8] {
    let size = try self.size()
    var bytes = [UInt8](repeating: 0, count: size)
    let count = try read(into: &bytes, at: 0)
    return Array(bytes[..<count])
  }

  /// The whole file at `path`, or `nil` when there is none.
  static func contents(ofFileAt path: String) throws(JournalError) -> [UInt8]? {
    let file: FileDescriptor
    do {
      file = try open(path, O_RDONLY)
    } catch {
      if case .io(_, _, ENOENT) = error { return nil }
      throw error
    }
    defer { file.close() }
    return try file.readAll()
  }

  func size() throws(JournalError) -> Int {
    var info = stat()
    guard fstat(rawValue, &info) == 0 else { throw .io(operation: "stat", path: path, errno: errno) }
    return Int(info.st_size)
  }

  /// Flushes the file's data (and the metadata needed to read it back) to the disk.
  func synchronizeData() throws(JournalError) {
    guard fdatasync(rawValue) == 0 else { throw .io(operation: "fdatasync", path: path, errno: errno) }
  }

  /// Flushes the file and all its metadata; for directories, after creating or renaming in them.
  func synchronize() throws(JournalError) {
    guard fsync(rawValue) == 0 else { throw .io(operation: "fsync", path: path, errno: errno) }
  }

  func truncate(to size: Int) throws(JournalError) {
    guard ftruncate(rawValue, off_t(size)) == 0 else { throw .io(operation: "truncate", path: path, errno: errno) }
  }

  func close() {
    _ = Glibc.close(rawValue)
  }
}
