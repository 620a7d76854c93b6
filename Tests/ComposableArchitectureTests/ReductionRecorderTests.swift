import ComposableArchitecture
import Foundation
import Testing

@Suite struct ReductionRecorderTests {
  @Test func eachReductionGetsItsOwnRecordingAndOtherThreadsPassThrough() {
    let recorder = ReductionRecorder()
    let (first, second) = withDependencies {
      $0.uuid = .incrementing
    } operation: {
      let first = recorder.record {
        @Dependency(\.uuid) var uuid
        return [uuid(), uuid()]
      }
      // An effect of the first reduction asks on another thread while the second one runs.
      let second = recorder.record {
        @Dependency(\.uuid) var uuid
        // As an effect does, it holds the dependencies in force when the reducer returned it.
        let held = uuid
        let fromOtherThread = Thread.detachedResult { held() }
        return [fromOtherThread, uuid()]
      }
      return (first, second)
    }
    #expect(first.value == [UUID(0), UUID(1)])
    #expect(first.recording.uuids == [UUID(0), UUID(1)])
    #expect(second.value == [UUID(2), UUID(3)])
    #expect(second.recording.uuids == [UUID(3)], "only the reducing thread's value is recorded")
  }

  @Test func aReductionReturningNothingIsRecordedAlike() {
    let recorder = ReductionRecorder()
    var drawn: [UUID] = []
    let recordings = withDependencies {
      $0.uuid = .incrementing
    } operation: {
      [0, 1].map { _ in
        recorder.record {
          @Dependency(\.uuid) var uuid
          drawn.append(uuid())
        }
      }
    }
    #expect(drawn == [UUID(0), UUID(1)])
    #expect(recordings.map(\.?.uuids) == [[UUID(0)], [UUID(1)]])
  }

  @Test func aReductionThatAsksForNothingRecordsNothing() {
    let recorder = ReductionRecorder()
    let recording = withDependencies {
      $0.uuid = .incrementing
    } operation: {
      recorder.record {}
    }
    #expect(recording == nil)
  }
}

extension Thread {
  /// Runs `body` on a new thread and waits for its result.
  static func detachedResult<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
    let result = LockedBox<T?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      result.value = body()
      done.signal()
    }
    done.wait()
    return result.value!
  }
}

/// A value shared with another thread under a lock.
final class LockedBox<T>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: T
  init(_ value: T) { stored = value }
  var value: T {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}
