// The seeds' `NavigationFeature`, driven through a push from a child action, a save that dismisses
// itself, and a pop to root.
import ComposableArchitecture
import Testing

@MainActor
@Suite struct NavigationFeatureTests {
  let item = Item(id: 1, title: "Milk")

  @Test func detailPushesEditWhichDismissesItself() async {
    let store = TestStore(initialState: NavigationFeature.State(items: [item])) {
      NavigationFeature()
    }

    await store.send(.itemTapped(item)) {
      $0.path[id: 0] = .detail(ItemDetailFeature.State(item: self.item))
    }
    await store.send(.path(.element(id: 0, action: .detail(.editButtonTapped)))) {
      $0.path.append(.edit(ItemEditFeature.State(item: self.item)))
    }
    #expect(store.state.path.ids == [0, 1])
    await store.send(.path(.element(id: 1, action: .edit(.titleChanged("Oat milk"))))) {
      $0.path[id: 1, case: \.edit]?.item.title = "Oat milk"
    }
    await store.send(.path(.element(id: 1, action: .edit(.saveButtonTapped))))
    await store.receive(\.path.popFrom) {
      $0.path.popFrom(id: 1)
    }
    await store.send(.goBackToRoot) {
      $0.path.removeAll()
    }
  }

  @Test func idsAreNotReusedAfterGoingBackToRoot() async {
    let store = TestStore(initialState: NavigationFeature.State(items: [item])) {
      NavigationFeature()
    }

    await store.send(.itemTapped(item)) {
      $0.path[id: 0] = .detail(ItemDetailFeature.State(item: self.item))
    }
    await store.send(.goBackToRoot) {
      $0.path = []
    }
    await store.send(.itemTapped(item)) {
      $0.path[id: 1] = .detail(ItemDetailFeature.State(item: self.item))
    }
  }

  @Test func aBackButtonPopsThroughTheStackAction() async {
    let store = TestStore(
      initialState: NavigationFeature.State(
        path: [.detail(ItemDetailFeature.State(item: item)), .edit(ItemEditFeature.State(item: item))]
      )
    ) {
      NavigationFeature()
    }

    await store.send(.path(.popFrom(id: 1))) {
      $0.path.removeLast()
    }
    await store.send(.path(.push(id: 2, state: .settings(SettingsFeature.State())))) {
      $0.path[id: 2] = .settings(SettingsFeature.State())
    }
    await store.send(.path(.element(id: 2, action: .settings(.notificationsToggled)))) {
      $0.path[id: 2, case: \.settings]?.notificationsEnabled = true
    }
  }
}
