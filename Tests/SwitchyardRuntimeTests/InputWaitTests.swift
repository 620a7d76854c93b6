import Testing
@testable import SwitchyardRuntime

/// How long a worker polls its input before it blocks, as its environment sets it.
struct InputWaitTests {
  @Test func theSpinIsTheEnvironmentsMicrosecondsWithinBoundsAndTheDefaultWhenUnset() {
    #expect(InputWait.spin(fromEnvironment: nil) == .microseconds(100))
    #expect(InputWait.spin(fromEnvironment: "0") == .zero)
    #expect(InputWait.spin(fromEnvironment: "250") == .microseconds(250))
    #expect(InputWait.spin(fromEnvironment: "10000") == .microseconds(10_000))
    #expect(InputWait.spin(fromEnvironment: "10001") == nil, "past the bound")
    #expect(InputWait.spin(fromEnvironment: "-1") == nil)
    #expect(InputWait.spin(fromEnvironment: "fast") == nil)
  }
}
