// Ported from the seeds (003, "Pagination").
import ComposableArchitecture

struct Item: Equatable, Identifiable, Sendable {
  let id: Int
  var title: String
}

struct Page<Element: Sendable>: Sendable {
  var items: [Element]
  var hasMore: Bool
}

struct APIClient: Sendable {
  var fetchPage: @Sendable (Int) async throws -> Page<Item>
}

extension APIClient: TestDependencyKey {
  static let testValue = APIClient { _ in
    reportIssue("Unimplemented: APIClient.fetchPage")
    return Page(items: [], hasMore: false)
  }
}

extension DependencyValues {
  var apiClient: APIClient {
    get { self[APIClient.self] }
    set { self[APIClient.self] = newValue }
  }
}

struct PaginatedListFeature: Reducer {
  struct State: Equatable {
    var items: IdentifiedArrayOf<Item> = []
    var currentPage = 1
    var hasMorePages = true
    var isLoadingPage = false
  }

  enum Action {
    case loadNextPage
    case pageLoaded(Result<Page<Item>, Error>)
    case refresh
  }

  @Dependency(\.apiClient) var apiClient

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .loadNextPage:
        guard !state.isLoadingPage, state.hasMorePages else { return .none }
        state.isLoadingPage = true
        return .run { [page = state.currentPage] send in
          let result = await Result {
            try await apiClient.fetchPage(page)
          }
          await send(.pageLoaded(result))
        }

      case let .pageLoaded(.success(page)):
        state.items.append(contentsOf: page.items)
        state.currentPage += 1
        state.hasMorePages = page.hasMore
        state.isLoadingPage = false
        return .none

      case .pageLoaded(.failure):
        state.isLoadingPage = false
        return .none

      case .refresh:
        state.items = []
        state.currentPage = 1
        state.hasMorePages = true
        return .send(.loadNextPage)
      }
    }
  }
}

extension PaginatedListFeature.Action: CasePathable {
  struct AllCasePaths {
    var loadNextPage: AnyCasePath<PaginatedListFeature.Action, Void> {
      AnyCasePath(embed: { .loadNextPage }, extract: { if case .loadNextPage = $0 { () } else { nil } })
    }
    var pageLoaded: AnyCasePath<PaginatedListFeature.Action, Result<Page<Item>, Error>> {
      /PaginatedListFeature.Action.pageLoaded
    }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}
