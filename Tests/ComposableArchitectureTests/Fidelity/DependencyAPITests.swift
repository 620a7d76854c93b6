import ComposableArchitecture
import Foundation
import Testing

@MainActor
@Suite struct DependencyAPITests {
  @Test func dateNowIsSettable() {
    withDependencies {
      $0.date.now = Date(timeIntervalSince1970: 1)
    } operation: {
      @Dependency(\.date.now) var now
      #expect(now == Date(timeIntervalSince1970: 1))
    }
  }

  @Test func foundationValuesCanBeOverridden() {
    withDependencies {
      $0.calendar = Calendar(identifier: .gregorian)
      $0.locale = Locale(identifier: "fr_FR")
      $0.timeZone = TimeZone(identifier: "Europe/Paris")!
    } operation: {
      @Dependency(\.calendar) var calendar
      @Dependency(\.locale) var locale
      @Dependency(\.timeZone) var timeZone
      #expect(calendar.identifier == .gregorian)
      #expect(locale.identifier == "fr_FR")
      #expect(timeZone.identifier == "Europe/Paris")
    }
  }

  @Test func anUnoverriddenFoundationValueIsReportedInATest() {
    withKnownIssue {
      withDependencies { $0.context = .test } operation: {
        @Dependency(\.locale) var locale
        _ = locale
      }
    }
  }

  @Test func theTestURLSessionFailsEveryRequest() async {
    await withKnownIssue {
      await withDependencies { $0.context = .test } operation: {
        @Dependency(\.urlSession) var session
        let result = try? await session.data(from: URL(string: "http://127.0.0.1:9/")!)
        #expect(result == nil)
      }
    } matching: { $0.description.contains(#"Unimplemented: @Dependency(\.urlSession)"#) }
  }

  @Test func stackElementIDsCountFromZero() {
    let ids = StackElementIDGenerator.incrementing
    #expect(ids.peek() == 0)
    #expect(ids() == 0)
    #expect(ids.next() == 1)
    #expect(ids.peek() == 2)
  }

  @Test func chainedDependencyOverridesFuseIntoOneReducer() async {
    let reducer = Reduce<Int, Bool> { state, _ in
      @Dependency(\.uuid) var uuid
      @Dependency(\.date.now) var now
      state = uuid().uuidString.hasSuffix("0") && now == Date(timeIntervalSince1970: 7) ? 1 : -1
      return .none
    }
    let fused: _DependencyKeyWritingReducer<Reduce<Int, Bool>> = reducer
      .dependency(\.uuid, .incrementing)
      .dependency(\.date, .constant(Date(timeIntervalSince1970: 7)))
    var state = 0
    _ = fused.reduce(into: &state, action: true)
    #expect(state == 1)
  }

  @Test func theInnerOfFusedOverridesWinsAsWhenNotFused() {
    let reducer = Reduce<Int, Void> { state, _ in
      @Dependency(\.date.now) var now
      state = Int(now.timeIntervalSince1970)
      return .none
    }
    let fused = reducer
      .dependency(\.date, .constant(Date(timeIntervalSince1970: 1)))
      .dependency(\.date, .constant(Date(timeIntervalSince1970: 2)))
    let transformed = reducer
      .dependency(\.date, .constant(Date(timeIntervalSince1970: 1)))
      .transformDependency(\.date) { $0 = .constant(Date(timeIntervalSince1970: 3)) }
    // Not fused: a reducer between the two overrides.
    let nested = CombineReducers { reducer.dependency(\.date, .constant(Date(timeIntervalSince1970: 1))) }
      .dependency(\.date, .constant(Date(timeIntervalSince1970: 2)))
    var state = 0
    _ = fused.reduce(into: &state, action: ())
    #expect(state == 1)
    _ = transformed.reduce(into: &state, action: ())
    #expect(state == 1)
    _ = nested.reduce(into: &state, action: ())
    #expect(state == 1)
  }

  @Test func aDependencyIsOverriddenByItsKeyType() {
    struct Flags: TestDependencyKey, Sendable, Equatable {
      var isOn: Bool
      static let testValue = Flags(isOn: false)
    }
    let reducer = Reduce<Bool, Void> { state, _ in
      @Dependency(Flags.self) var flags
      state = flags.isOn
      return .none
    }
    .dependency(Flags(isOn: true))
    var state = false
    _ = reducer.reduce(into: &state, action: ())
    #expect(state)
  }
}
