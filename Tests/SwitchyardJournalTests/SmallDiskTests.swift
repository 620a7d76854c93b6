#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SwitchyardTestSupport
import Testing

/// The full-disk tests' tmpfs: one a crashed test process left mounted goes at the next run.
@Suite(.enabled(if: SmallDisk.isAvailable, "needs root to mount a small tmpfs"))
struct SmallDiskTests {
  @Test func aDiskOfAProcessThatIsGoneIsUnmountedAndOneOfALiveProcessKept() throws {
    // Named as a disk of a process id no process can have (above the kernel's pid_max).
    let leftover = NSTemporaryDirectory() + "sy-disk-99999999-LEFTOVER"
    try FileManager.default.createDirectory(atPath: leftover, withIntermediateDirectories: true)
    try #require(mount("tmpfs", leftover, "tmpfs", 0, "size=1m") == 0)
    let live = try SmallDisk(megabytes: 1)
    defer { live.remove() }
    SmallDisk.removeLeftovers()
    let mounts = try String(contentsOfFile: "/proc/self/mounts", encoding: .utf8)
    #expect(!mounts.contains(" \(leftover) "), "the leftover disk is still mounted")
    #expect(!FileManager.default.fileExists(atPath: leftover))
    #expect(mounts.contains(" \(live.path) "), "a live process's disk was unmounted")
  }
}
