#if canImport(Glibc)
import Glibc
#endif
import Testing
import SwitchyardNet
import SwitchyardWire
@testable import SwitchyardRuntime

/// A worker's writer: what it holds while it handles a read leaves in slices, so a long read's
/// replies reach the coordinator before the read is done.
@Suite struct FrameWriterTests {
  @Test func heldFramesStayHeldUnderASliceAndLeaveOnceASliceIsQueued() throws {
    let pipe = try #require(makePipe())
    defer {
      close(pipe.read)
      close(pipe.write)
    }
    setNonBlocking(pipe.read)
    let writer = FrameWriter(fd: pipe.write, onBrokenPipe: {})
    let output = [UInt8](repeating: UInt8(ascii: "1"), count: 1_000)
    func frame(_ sequence: UInt64) -> EncodedEmit {
      EncodedEmit(effect: 1, generation: 1, output: output, sequence: sequence)
    }
    var one: [UInt8] = []
    frame(0).appendFrame(to: &one)
    let frames = FrameWriter.sliceBytes / one.count + 4
    var all: [UInt8] = []
    for sequence in 0..<UInt64(frames) { frame(sequence).appendFrame(to: &all) }

    writer.hold()
    writer.enqueue(frame(0))
    #expect(availableBytes(pipe.read) == 0)
    for sequence in 1..<UInt64(frames) { writer.enqueue(frame(sequence)) }
    let early = availableBytes(pipe.read)
    #expect(early >= FrameWriter.sliceBytes)
    #expect(early < all.count)

    writer.release()
    #expect(early + availableBytes(pipe.read) == all.count)
  }

  /// Reads everything the pipe holds now, without waiting.
  private func availableBytes(_ fd: Int32) -> Int {
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    var total = 0
    while true {
      let count = read(fd, &buffer, buffer.count)
      guard count > 0 else { return total }
      total += count
    }
  }
}
