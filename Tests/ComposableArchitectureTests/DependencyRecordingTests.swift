import ComposableArchitecture
import Foundation
import Testing

@Suite struct DependencyRecordingTests {
  /// Asks each recordable dependency for values, as a reducer would.
  static func draw() -> [String] {
    @Dependency(\.uuid) var uuid
    @Dependency(\.date) var date
    @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
    @Dependency(\.continuousClock) var continuousClock
    @Dependency(\.suspendingClock) var suspendingClock
    return [
      uuid().uuidString,
      "\(date.now.timeIntervalSince1970)",
      "\(withRandomNumberGenerator { UInt64.random(in: 0...UInt64.max, using: &$0) })",
      "\(elapsed(continuousClock))",
      "\(elapsed(suspendingClock))",
    ]
  }

  static func elapsed<C: Clock<Duration>>(_ clock: C) -> Duration {
    let start = clock.now
    return start.duration(to: clock.now)
  }

  @Test func replayAnswersWhatWasRecordedWhateverTheDependenciesWouldSay() throws {
    let clock = TestClock()
    let (live, recording) = withDependencies {
      $0.uuid = .incrementing
      $0.date = .constant(Date(timeIntervalSince1970: 1_234.5))
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: 7))
      $0.continuousClock = clock
      $0.suspendingClock = clock
    } operation: {
      withDependencyRecording { Self.draw() }
    }
    #expect(recording.uuids == [UUID(0)])
    #expect(recording.dates == [Date(timeIntervalSince1970: 1_234.5)])
    #expect(recording.randomWords.count == 1)
    #expect(recording.continuousClockReadings == [.zero, .zero])
    #expect(recording.suspendingClockReadings == [.zero, .zero])

    let replayed = try withDependencies {
      $0.uuid = .constant(UUID(99))
      $0.date = .constant(Date(timeIntervalSince1970: 0))
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: 8))
      $0.continuousClock = ContinuousClock()
      $0.suspendingClock = SuspendingClock()
    } operation: {
      try withDependencyReplay(recording) { Self.draw() }
    }
    #expect(replayed == live)
  }

  @Test func anEmptyRecordingEncodesAsAnEmptyObjectAndRoundTrips() throws {
    #expect(String(decoding: try JSONEncoder().encode(DependencyRecording()), as: UTF8.self) == "{}")
    let recording = DependencyRecording(uuids: [UUID(3)], randomWords: [.max], continuousClockReadings: [.milliseconds(5)])
    #expect(try JSONDecoder().decode(DependencyRecording.self, from: JSONEncoder().encode(recording)) == recording)
  }

  @Test func valuesAskedForAfterFinishingPassThroughUnrecorded() {
    let recorder = DependencyRecorder()
    var base = DependencyValues()
    base.uuid = .incrementing
    // An effect keeps the dependencies its reduction had; once that ended, they must not record.
    let values = base.recording(into: recorder)
    #expect(values.uuid() == UUID(0))
    #expect(recorder.finish().uuids == [UUID(0)])
    #expect(values.uuid() == UUID(1))
    #expect(recorder.finish().uuids == [UUID(0)])
  }
}
