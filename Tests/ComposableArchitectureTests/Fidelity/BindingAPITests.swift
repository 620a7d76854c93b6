import ComposableArchitecture
import Testing

@MainActor
@Suite struct BindingAPITests {
  @Test func bindableActionSetsAField() async {
    let store = TestStore(initialState: Settings.State()) { Settings() }
    await store.send(.set(\.isOn, true)) { $0.isOn = true }
    #expect(Settings.Action.set(\.isOn, true) == .binding(.set(\.isOn, true)))
  }

  @Test func bindingCasePathsMatchTheFieldSet() async {
    let store = TestStore(initialState: Settings.State(name: "a")) { Settings() }
    await store.send(.renamed("b")) {
      $0.name = "b"
      $0.changes = 1
    }
    await store.receive(\.binding.isOn) { $0.isOn = true }
    let path = AnyCasePath(\Case<Settings.Action>.binding.isOn)
    #expect(path.extract(from: .binding(.set(\.isOn, false))) == false)
    #expect(path.extract(from: .binding(.set(\.name, "x"))) == nil)
  }

  @Test func bindingStateIsSetThroughItsProjection() async {
    let store = TestStore(initialState: Settings.State()) { Settings() }
    await store.send(.set(\.$legacyName, "Blob")) { $0.legacyName = "Blob" }
    await store.send(.binding(.set(\.$legacyName, "Blob Jr."))) { $0.legacyName = "Blob Jr." }
    let action = BindingAction<Settings.State>.set(\.$legacyName, "x")
    switch action {
    case \.$legacyName: break
    default: Issue.record("a BindingState key path matches its binding action")
    }
  }

  @Test func onChangeRunsOnlyWhenTheValueChanges() async {
    let store = TestStore(initialState: Settings.State()) { Settings() }
    await store.send(.renamed("")) 
    await store.send(.renamed("a")) {
      $0.name = "a"
      $0.changes = 1
    }
  }
}
