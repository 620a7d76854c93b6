// Ported from the seeds (003, "Navigation"). Changes beyond macros and SwiftUI: case paths are
// written by hand, and the seeds leave `ItemDetailFeature` and `ItemEditFeature` undefined, so they
// are the smallest features the navigation needs. `Item` and `SettingsFeature` come from the other seeds.
import ComposableArchitecture

struct ItemDetailFeature: Reducer {
  struct State: Equatable {
    var item: Item
  }

  enum Action {
    case editButtonTapped
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    .none
  }
}

struct ItemEditFeature: Reducer {
  struct State: Equatable {
    var item: Item
  }

  enum Action {
    case titleChanged(String)
    case saveButtonTapped
  }

  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .titleChanged(title):
      state.item.title = title
      return .none
    case .saveButtonTapped:
      return .run { _ in await dismiss() }
    }
  }
}

struct NavigationFeature: Reducer {
  struct State: Equatable {
    var path = StackState<Path.State>()
    var items: [Item] = []
  }

  enum Action {
    case path(StackAction<Path.State, Path.Action>)
    case itemTapped(Item)
    case goBackToRoot
  }

  // Define navigation destinations / 定义导航目标
  struct Path: Reducer {
    enum State: Equatable {
      case detail(ItemDetailFeature.State)
      case edit(ItemEditFeature.State)
      case settings(SettingsFeature.State)
    }

    enum Action {
      case detail(ItemDetailFeature.Action)
      case edit(ItemEditFeature.Action)
      case settings(SettingsFeature.Action)
    }

    var body: some ReducerOf<Self> {
      Scope(state: \.detail, action: \.detail) {
        ItemDetailFeature()
      }
      Scope(state: \.edit, action: \.edit) {
        ItemEditFeature()
      }
      Scope(state: \.settings, action: \.settings) {
        SettingsFeature()
      }
    }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .itemTapped(item):
        // Navigate to detail / 导航到详情
        state.path.append(.detail(ItemDetailFeature.State(item: item)))
        return .none

      case .goBackToRoot:
        // Pop to root / 弹出到根视图
        state.path.removeAll()
        return .none

      case .path(.element(id: _, action: .detail(.editButtonTapped))):
        // Navigate from detail to edit / 从详情导航到编辑
        if let detailState = state.path.last,
          case let .detail(detail) = detailState
        {
          state.path.append(.edit(ItemEditFeature.State(item: detail.item)))
        }
        return .none

      case .path:
        return .none
      }
    }
    .forEach(\.path, action: \.path) {
      Path()
    }
  }
}

extension NavigationFeature.Action: CasePathable {
  struct AllCasePaths {
    var path: AnyCasePath<NavigationFeature.Action, StackActionOf<NavigationFeature.Path>> {
      /NavigationFeature.Action.path
    }
    var itemTapped: AnyCasePath<NavigationFeature.Action, Item> { /NavigationFeature.Action.itemTapped }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension NavigationFeature.Path.State: CasePathable {
  struct AllCasePaths {
    var detail: AnyCasePath<NavigationFeature.Path.State, ItemDetailFeature.State> {
      /NavigationFeature.Path.State.detail
    }
    var edit: AnyCasePath<NavigationFeature.Path.State, ItemEditFeature.State> {
      /NavigationFeature.Path.State.edit
    }
    var settings: AnyCasePath<NavigationFeature.Path.State, SettingsFeature.State> {
      /NavigationFeature.Path.State.settings
    }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension NavigationFeature.Path.Action: CasePathable {
  struct AllCasePaths {
    var detail: AnyCasePath<NavigationFeature.Path.Action, ItemDetailFeature.Action> {
      /NavigationFeature.Path.Action.detail
    }
    var edit: AnyCasePath<NavigationFeature.Path.Action, ItemEditFeature.Action> {
      /NavigationFeature.Path.Action.edit
    }
    var settings: AnyCasePath<NavigationFeature.Path.Action, SettingsFeature.Action> {
      /NavigationFeature.Path.Action.settings
    }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}
