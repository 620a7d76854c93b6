#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SwitchyardRuntime

/// `switchyard worker raw-echo`: a child that copies its input to its output unparsed, the physical
/// limit of a pipe round trip that the runtime's is compared with.
final class RawEchoChild {
  /// The child's process id.
  let pid: Int32
  private let process: Process
  private let input: FileHandle
  private let output: FileHandle

  /// Starts the child with `launch`'s executable.
  init(launch: WorkerLaunch) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: launch.executable)
    process.arguments = launch.arguments("raw-echo")
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    try process.run()
    self.process = process
    self.pid = process.processIdentifier
    self.input = stdin.fileHandleForWriting
    self.output = stdout.fileHandleForReading
  }

  /// Writes `frame` and reads as many bytes back: one round trip.
  func pingPong(_ frame: [UInt8], into buffer: inout [UInt8]) throws(ProcessBenchmarkError) {
    let written = frame.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let count = write(input.fileDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return false }
        offset += count
      }
      return true
    }
    guard written else { throw .rawEchoClosed }
    var received = 0
    while received < frame.count {
      let count = buffer.withUnsafeMutableBytes { read(output.fileDescriptor, $0.baseAddress! + received, frame.count - received) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { throw .rawEchoClosed }
      received += count
    }
  }

  /// Echoes `count` copies of `frame` pipelined: as many as fit a pipe's buffer are written before
  /// the first is read back, the raw form of a window of remote effects in flight.
  func pipeline(_ frame: [UInt8], count: Int) throws(ProcessBenchmarkError) {
    let perChunk = max(1, 32_768 / frame.count)
    var chunk: [UInt8] = []
    for _ in 0..<perChunk { chunk.append(contentsOf: frame) }
    var buffer = [UInt8](repeating: 0, count: chunk.count)
    var remaining = count
    while remaining > 0 {
      let frames = min(perChunk, remaining)
      try pingPong(Array(chunk[..<(frames * frame.count)]), into: &buffer)
      remaining -= frames
    }
  }

  /// Kills the child and waits for it, so no benchmark leaves a process behind.
  func stop() {
    process.kill(waitingUpTo: 10)
  }
}
