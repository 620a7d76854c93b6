#if canImport(Glibc)
import Glibc
#endif
import Foundation

// Glibc's module map hides the GNU affinity calls behind _GNU_SOURCE; they are plain libc symbols.
@_silgen_name("sched_setaffinity")
private func systemSetAffinity(_ tid: Int32, _ size: Int, _ mask: UnsafeRawPointer) -> Int32

@_silgen_name("sched_getaffinity")
private func systemGetAffinity(_ tid: Int32, _ size: Int, _ mask: UnsafeMutableRawPointer) -> Int32

/// Pins every thread of a process to one CPU, so a ping-pong measured in one run is measured under
/// the same placement on both sides and does not depend on where the scheduler happens to put it.
struct CPUPinning {
  /// A CPU set of up to 1,024 CPUs, as glibc's `cpu_set_t`.
  private typealias Mask = [UInt64]
  private static let maskWords = 16

  /// What was pinned where, for the report: `coordinator cpu0, worker cpu1`.
  let description: String
  private let restore: [(tid: Int32, mask: Mask)]

  /// Pins every thread of this process to CPU 0 and every thread of each of `workers` to CPU 1,
  /// or all to CPU 0 on a single-CPU machine.
  static func pin(workers: [Int32]) -> CPUPinning {
    let cpus = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    let coordinatorCPU = 0
    let workerCPU = cpus > 1 ? 1 : 0
    var restore: [(Int32, Mask)] = []
    for tid in threads(of: getpid()) {
      if let mask = affinity(of: tid) { restore.append((tid, mask)) }
      setAffinity(of: tid, to: coordinatorCPU)
    }
    for worker in workers {
      for tid in threads(of: worker) { setAffinity(of: tid, to: workerCPU) }
    }
    let placement = workerCPU == coordinatorCPU ? "both on cpu\(coordinatorCPU)" : "coordinator cpu\(coordinatorCPU), worker cpu\(workerCPU)"
    return CPUPinning(description: placement, restore: restore)
  }

  /// Gives this process's threads back the CPUs they had before ``pin(workers:)``; threads started
  /// while pinned inherited the pin, and get the CPUs the process's main thread had.
  func unpin() {
    let saved = Dictionary(restore, uniquingKeysWith: { first, _ in first })
    guard let processMask = saved[getpid()] else { return }
    for tid in Self.threads(of: getpid()) {
      _ = (saved[tid] ?? processMask).withUnsafeBytes { systemSetAffinity(tid, $0.count, $0.baseAddress!) }
    }
  }

  /// The ids of every thread of `pid`, from `/proc/<pid>/task`.
  private static func threads(of pid: Int32) -> [Int32] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    return names.compactMap(Int32.init)
  }

  private static func affinity(of tid: Int32) -> Mask? {
    var mask = Mask(repeating: 0, count: maskWords)
    let status = mask.withUnsafeMutableBytes { systemGetAffinity(tid, $0.count, $0.baseAddress!) }
    return status == 0 ? mask : nil
  }

  private static func setAffinity(of tid: Int32, to cpu: Int) {
    var mask = Mask(repeating: 0, count: maskWords)
    mask[cpu / 64] = 1 << UInt64(cpu % 64)
    _ = mask.withUnsafeBytes { systemSetAffinity(tid, $0.count, $0.baseAddress!) }
  }
}
