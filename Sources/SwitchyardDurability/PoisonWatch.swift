#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization

/// Notes which journal record a coordinator dies reducing, so that the next start refuses to replay
/// it instead of dying on it again and again.
///
/// ``install(directory:)`` opens the data directory's `poison` file and catches the signals a
/// trapping reducer raises (`SIGILL`, `SIGTRAP`) and the faults (`SIGSEGV`, `SIGBUS`, `SIGFPE`).
/// Replay marks the record under way with ``reducing(_:)``; the live store marks that it reduces
/// with ``reducingLive(_:)``, its action being the one the journal numbers next
/// (``nextLiveSequence(_:)``), as it is journaled only once reduced. The handler writes that
/// sequence number, the signal and which of the two it was to the file, then hands the signal to
/// whatever handled it before (the Swift runtime's backtracer, or the default action), so the
/// process still dies as it would have. ``PoisonRecord`` reads the file at the next start.
package enum PoisonWatch {
  /// The signals a crash in a reducer raises.
  static let signals = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE]

  /// Catches crashes from now on, noting them in `directory`'s `poison` file, which it creates
  /// (with the directory) when absent. Once per process; later calls do nothing.
  package static func install(directory: String) throws(PoisonWatchError) {
    guard !installed.exchange(true, ordering: .relaxed) else { return }
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let path = PoisonRecord.path(in: directory)
    // Opened now: a crash may come when no descriptor is left to open it.
    let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      installed.store(false, ordering: .relaxed)
      throw .unwritable(path: path, errno: errno)
    }
    poisonFile.store(descriptor, ordering: .sequentiallyConsistent)
    // Every global the handler reads is initialised here, not lazily in the handler.
    reducing(0)
    reducingLive(false)
    delivering(nil)
    _ = nextSequence.load(ordering: .relaxed)
    var action = sigaction()
    action.__sigaction_handler.sa_sigaction = notePoison
    sigemptyset(&action.sa_mask)
    // On the thread's alternate stack when it has one. The main actor runs on whichever thread
    // libdispatch lends it, which has none: a reducer that overflows its stack dies unnoted.
    action.sa_flags = SA_SIGINFO | SA_ONSTACK
    for (index, number) in signals.enumerated() {
      sigaction(number, &action, previousActions + index)
    }
  }

  /// Marks the record with sequence number `sequence` as being replayed; 0 when none is.
  @inline(__always)
  package static func reducing(_ sequence: UInt64) {
    reducingSequence.store(sequence, ordering: .relaxed)
  }

  /// Marks whether the live store is reducing an action. Two plain stores: the journal's own
  /// sequence number is the main actor's, which the reducer would have to assert it is on to read.
  @inline(__always)
  package static func reducingLive(_ reducing: Bool) {
    liveReducing.store(reducing, ordering: .relaxed)
  }

  /// The sequence number the journal gives the next record, so the live action being reduced.
  @inline(__always)
  package static func nextLiveSequence(_ sequence: UInt64) {
    nextSequence.store(sequence, ordering: .relaxed)
  }

  /// Marks the remote effect whose event the live store's action under way is, as its origin
  /// says; `nil` once reduced. A restart would run that effect again, to die on it again.
  @inline(__always)
  static func delivering(_ effect: EffectIdentity?) {
    deliveringIndex.store(effect?.index ?? 0, ordering: .relaxed)
    deliveringAction.store(effect?.action ?? 0, ordering: .relaxed)
  }

  private static let installed = Atomic<Bool>(false)
}

// What the handler reads: atomics and memory allocated before it is installed, never changed after.
/// The record being replayed, 0 between records.
private let reducingSequence = Atomic<UInt64>(0)
/// Whether the live store is reducing an action, whose sequence number is ``nextSequence``.
private let liveReducing = Atomic<Bool>(false)
/// The sequence number of the journal's next record.
private let nextSequence = Atomic<UInt64>(0)
/// The remote effect whose event is being delivered: its action's sequence number, 0 for none,
/// and its index.
private let deliveringAction = Atomic<UInt64>(0)
private let deliveringIndex = Atomic<Int>(0)
/// The `poison` file, -1 until installed.
private let poisonFile = Atomic<Int32>(-1)
/// Writes `value`'s decimal digits into `bytes` just before `end`, moving `end` to the first.
private func prependDigits(of value: UInt64, to bytes: UnsafeMutableRawBufferPointer, before end: inout Int) {
  var rest = value
  repeat {
    end -= 1
    bytes[end] = UInt8(ascii: "0") + UInt8(rest % 10)
    rest /= 10
  } while rest > 0
}

/// The index of `number` in ``PoisonWatch/signals``, without reading the array.
private func signalIndex(_ number: Int32) -> Int? {
  switch number {
  case SIGILL: 0
  case SIGTRAP: 1
  case SIGSEGV: 2
  case SIGBUS: 3
  case SIGFPE: 4
  default: nil
  }
}

/// The dispositions the handler replaced, one per entry of ``PoisonWatch/signals``: written once,
/// before the handler is installed, and read only by it.
nonisolated(unsafe) private let previousActions: UnsafeMutablePointer<sigaction> = {
  let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: PoisonWatch.signals.count)
  actions.initialize(repeating: sigaction(), count: PoisonWatch.signals.count)
  return actions
}()

/// The signal handler: writes `SEQUENCE SIGNAL MOMENT\n` (`live` or `replay`), or
/// `SEQUENCE SIGNAL live ACTION INDEX\n` when the live action was a remote effect's event, with
/// `pwrite` and `ftruncate` only (both async-signal-safe), then restores the previous disposition.
/// A fault recurs as the handler returns, so the previous handler sees it as it was; a signal
/// someone sent is raised again.
private func notePoison(_ number: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
  let savedErrno = errno
  let replaying = reducingSequence.load(ordering: .relaxed)
  let live = replaying == 0 && liveReducing.load(ordering: .relaxed)
  let sequence = replaying != 0 ? replaying : live ? nextSequence.load(ordering: .relaxed) : 0
  let effectAction = live ? deliveringAction.load(ordering: .relaxed) : 0
  let effectIndex = deliveringIndex.load(ordering: .relaxed)
  let descriptor = poisonFile.load(ordering: .sequentiallyConsistent)
  if sequence != 0, descriptor >= 0 {
    // Written backwards from the end of a buffer on the stack, long enough for the longest line
    // (two 20-digit numbers, one of 19, the signal's, `replay`, the spaces and the newline).
    var buffer: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &buffer) { bytes in
      var end = bytes.count - 1
      bytes[end] = UInt8(ascii: "\n")
      if effectAction != 0 {
        prependDigits(of: UInt64(max(0, effectIndex)), to: bytes, before: &end)
        end -= 1
        bytes[end] = UInt8(ascii: " ")
        prependDigits(of: effectAction, to: bytes, before: &end)
        end -= 1
        bytes[end] = UInt8(ascii: " ")
      }
      // The moment, so that the next start knows a live action's number from a journaled record's.
      // A static string's bytes are constant data: reading them allocates nothing.
      let word: StaticString = live ? "live" : "replay"
      end -= word.utf8CodeUnitCount
      UnsafeMutableRawBufferPointer(rebasing: bytes[end...]).copyMemory(
        from: UnsafeRawBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
      )
      end -= 1
      bytes[end] = UInt8(ascii: " ")
      prependDigits(of: UInt64(number), to: bytes, before: &end)
      end -= 1
      bytes[end] = UInt8(ascii: " ")
      prependDigits(of: sequence, to: bytes, before: &end)
      _ = pwrite(descriptor, bytes.baseAddress! + end, bytes.count - end, 0)
      _ = ftruncate(descriptor, off_t(bytes.count - end))
    }
  }
  if let index = signalIndex(number) {
    sigaction(number, previousActions + index, nil)
  }
  // A positive code is the kernel's: the faulting instruction runs again on return.
  if (info?.pointee.si_code ?? 0) <= 0 { raise(number) }
  errno = savedErrno
}
