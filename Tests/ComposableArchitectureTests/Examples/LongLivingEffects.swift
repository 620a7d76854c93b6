// Ported from TCA's Examples/CaseStudies/SwiftUICaseStudies/03-Effects-LongLiving.swift
// (see Todos.swift for the commit and the edits).
import ComposableArchitecture
import Foundation

struct LongLivingEffects: Reducer {
  struct State: Equatable {
    var screenshotCount = 0
  }

  enum Action {
    case task
    case userDidTakeScreenshotNotification
  }

  @Dependency(\.screenshots) var screenshots

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .task:
        // When the view appears, start the effect that emits when screenshots are taken.
        return .run { send in
          for await _ in await self.screenshots() {
            await send(.userDidTakeScreenshotNotification)
          }
        }

      case .userDidTakeScreenshotNotification:
        state.screenshotCount += 1
        return .none
      }
    }
  }
}

extension DependencyValues {
  var screenshots: @Sendable () async -> any AsyncSequence<Void, Never> {
    get { self[ScreenshotsKey.self] }
    set { self[ScreenshotsKey.self] = newValue }
  }
}

private enum ScreenshotsKey: DependencyKey {
  // Linux has no screenshot notification: the live value is a stream that never emits.
  static let liveValue: @Sendable () async -> any AsyncSequence<Void, Never> = {
    AsyncStream<Void> { _ in }
  }
}

extension LongLivingEffects.Action: CasePathable {
  struct AllCasePaths {
    typealias Root = LongLivingEffects.Action
    var task: AnyCasePath<Root, Void> {
      AnyCasePath(embed: { .task }) {
        guard case .task = $0 else { return nil }
        return ()
      }
    }
    var userDidTakeScreenshotNotification: AnyCasePath<Root, Void> {
      AnyCasePath(embed: { .userDidTakeScreenshotNotification }) {
        guard case .userDidTakeScreenshotNotification = $0 else { return nil }
        return ()
      }
    }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}
