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

  /// Mounts a tmpfs of `megabytes` at a fresh directory.
  public init(megabytes: Int = 4) throws {
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
    umount2(path, Int32(MNT_DETACH))
    rmdir(path)
  }
}
