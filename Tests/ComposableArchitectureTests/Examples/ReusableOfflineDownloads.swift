// Ported from TCA's Examples/CaseStudies/SwiftUICaseStudies/05-HigherOrderReducers-ResuableOfflineDownloads/
// DownloadComponent.swift and DownloadClient.swift (see Todos.swift for the commit and the edits);
// the screen around the component (CityMap, MapApp) has no tests and is left out.
import ComposableArchitecture
import Foundation

struct DownloadComponent: Reducer {
  struct State: Equatable {
    @PresentationState var alert: AlertState<Action.Alert>?
    let id: AnyHashableSendable
    var mode: Mode = .notDownloaded
    let url: URL
  }

  enum Action {
    case alert(PresentationAction<Alert>)
    case buttonTapped
    case downloadClient(Result<DownloadClient.Event, any Error>)
    enum Alert {
      case deleteButtonTapped
      case stopButtonTapped
    }
  }

  @Dependency(\.downloadClient) var downloadClient

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .alert(.presented(.deleteButtonTapped)):
        state.mode = .notDownloaded
        return .none

      case .alert(.presented(.stopButtonTapped)):
        state.mode = .notDownloaded
        return .cancel(id: state.id)

      case .alert:
        return .none

      case .buttonTapped:
        switch state.mode {
        case .downloaded:
          state.alert = deleteAlert
          return .none

        case .downloading:
          state.alert = stopAlert
          return .none

        case .notDownloaded:
          state.mode = .startingToDownload

          return .run { [url = state.url] send in
            for try await event in self.downloadClient.download(url: url) {
              await send(.downloadClient(.success(event)))
            }
          } catch: { error, send in
            await send(.downloadClient(.failure(error)))
          }
          .cancellable(id: state.id)

        case .startingToDownload:
          state.alert = stopAlert
          return .none
        }

      case .downloadClient(.success(.response)):
        state.mode = .downloaded
        state.alert = nil
        return .none

      case .downloadClient(.success(.updateProgress(let progress))):
        state.mode = .downloading(progress: progress)
        return .none

      case .downloadClient(.failure):
        state.mode = .notDownloaded
        state.alert = nil
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }

  private var deleteAlert: AlertState<Action.Alert> {
    AlertState {
      TextState("Do you want to delete this map from your offline storage?")
    } actions: {
      ButtonState(role: .destructive, action: .deleteButtonTapped) {
        TextState("Delete")
      }
      self.nevermindButton
    }
  }

  private var stopAlert: AlertState<Action.Alert> {
    AlertState {
      TextState("Do you want to stop downloading this map?")
    } actions: {
      ButtonState(role: .destructive, action: .stopButtonTapped) {
        TextState("Stop")
      }
      self.nevermindButton
    }
  }

  private var nevermindButton: ButtonState<Action.Alert> {
    ButtonState(role: .cancel) {
      TextState("Nevermind")
    }
  }
}

enum Mode: Equatable {
  case downloaded
  case downloading(progress: Double)
  case notDownloaded
  case startingToDownload

  var progress: Double {
    if case .downloading(let progress) = self { return progress }
    return 0
  }

  var isDownloading: Bool {
    switch self {
    case .downloaded, .notDownloaded:
      return false
    case .downloading, .startingToDownload:
      return true
    }
  }
}
struct DownloadClient {
  // `@DependencyClient` written out: the endpoint and the labelled method that calls it.
  // (`AsyncThrowingStream.finished()` is from swift-concurrency-extras.)
  var download: @Sendable (_ url: URL) -> AsyncThrowingStream<Event, any Error> = { _ in
    AsyncThrowingStream { $0.finish() }
  }

  func download(url: URL) -> AsyncThrowingStream<Event, any Error> {
    self.download(url)
  }
  enum Event: Equatable, Sendable {
    case response(Data)
    case updateProgress(Double)
  }
}

extension DependencyValues {
  var downloadClient: DownloadClient {
    get { self[DownloadClient.self] }
    set { self[DownloadClient.self] = newValue }
  }
}

extension DownloadClient: DependencyKey {
  // `URLSession.bytes(from:)` is not in Linux Foundation: the live value is the default, a stream
  // that finishes at once. The component is what is tested.
  static let liveValue = Self()

  static let testValue = Self()
}

extension DownloadComponent.Action: CasePathable {
  struct AllCasePaths {
    typealias Root = DownloadComponent.Action
    var alert: AnyCasePath<Root, PresentationAction<Root.Alert>> { /Root.alert }
    var buttonTapped: AnyCasePath<Root, Void> {
      AnyCasePath(embed: { .buttonTapped }) {
        guard case .buttonTapped = $0 else { return nil }
        return ()
      }
    }
    var downloadClient: AnyCasePath<Root, Result<DownloadClient.Event, any Error>> { /Root.downloadClient }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension DownloadComponent.Action.Alert: CasePathable {
  struct AllCasePaths {
    typealias Root = DownloadComponent.Action.Alert
    var deleteButtonTapped: AnyCasePath<Root, Void> {
      AnyCasePath(embed: { .deleteButtonTapped }) {
        guard case .deleteButtonTapped = $0 else { return nil }
        return ()
      }
    }
    var stopButtonTapped: AnyCasePath<Root, Void> {
      AnyCasePath(embed: { .stopButtonTapped }) {
        guard case .stopButtonTapped = $0 else { return nil }
        return ()
      }
    }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension DownloadClient.Event: CasePathable {
  struct AllCasePaths {
    typealias Root = DownloadClient.Event
    var response: AnyCasePath<Root, Data> { /Root.response }
    var updateProgress: AnyCasePath<Root, Double> { /Root.updateProgress }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}
