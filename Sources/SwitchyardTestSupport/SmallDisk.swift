#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A tmpfs of a few MiB mounted at a fresh directory, for tests of a full disk: the kernel's own
/// `ENOSPC`, not a simulated one. Mounting needs root; ``isAvailable`` says whether it works here.
public final class SmallDisk: Sendable {
  /// Where it is mounted.
  public let path: String
  private var filler: String { path + "/filler" }

  /// Whether this process can mount a tmpfs (root, and a kernel that lets it): a test of a full
  /// disk is enabled only then.
  public static let isAvailable: Bool = {
    guard getuid() == 0, let disk = try? SmallDisk(megabytes: 1) else { return false }
    disk.remove()
    return true
  }()

  /// Mounts a tmpfs of `megabytes` at a fresh directory, first unmounting those of test processes
  /// that are gone.
  public init(megabytes: Int = 4) throws {
    Self.removeLeftovers()
    path = uniqueTemporaryPath("disk")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    guard mount("tmpfs", path, "tmpfs", 0, "size=\(megabytes)m") == 0 else {
      let error = errno
      try? FileManager.default.removeItem(atPath: path)
      throw POSIXError(POSIXErrorCode(rawValue: error) ?? .EPERM)
    }
  }

  /// Fills the free space with a file, so that every write that needs a new block fails with `ENOSPC`.
  public func fill() {
    let file = open(filler, O_WRONLY | O_CREAT | O_APPEND, 0o644)
    guard file >= 0 else { return }
    defer { close(file) }
    // Large writes first, then single bytes for the last partial block.
    for size in [1 << 16, 1] {
      let chunk = [UInt8](repeating: 0xAA, count: size)
      while chunk.withUnsafeBytes({ write(file, $0.baseAddress, size) }) == size {}
    }
  }

  /// Removes the filler: writes succeed again.
  public func free() {
    unlink(filler)
  }

  /// Unmounts the tmpfs (lazily, should a file still be open on it) and removes its directory.
  public func remove() {
    Self.unmount(path)
  }

  /// Unmounts the disks of test processes that are gone: one that crashed, or was killed, never
  /// ran its ``remove()``, and its tmpfs stayed mounted until the machine restarted. A disk whose
  /// process lives is left alone.
  public static func removeLeftovers() {
    guard let mounts = try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8) else { return }
    let prefix = NSTemporaryDirectory() + "sy-disk-"
    for line in mounts.split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard fields.count > 2, fields[2] == "tmpfs", fields[1].hasPrefix(prefix) else { continue }
      let path = String(fields[1])
      guard let pid = Int32(path.dropFirst(prefix.count).prefix { $0 != "-" }), kill(pid, 0) != 0, errno == ESRCH else { continue }
      unmount(path)
    }
  }

  private static func unmount(_ path: String) {
    umount2(path, Int32(MNT_DETACH))
    rmdir(path)
  }
}
