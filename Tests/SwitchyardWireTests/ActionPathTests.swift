import Testing

@testable import SwitchyardWire

struct ActionPathTests {
  @Test func anIdentifiedElementReadsAsItsIDLikeAStatePath() throws {
    let action = try WireJSONDecoder().parse(Array(#"{"sessions":{"element":{"id":"1","action":{"search":{"searchQueryChanged":"copper"}}}}}"#.utf8))
    #expect(ActionPath.of(action) == "sessions.id=1.search.searchQueryChanged")
  }

  @Test func aCaseWithLabelledValuesEndsAtItsName() throws {
    let action = try WireJSONDecoder().parse(Array(#"{"sessionOpened":{"id":"2"}}"#.utf8))
    #expect(ActionPath.of(action) == "sessionOpened.id")
    #expect(ActionPath.of(.string("x")) == "")
  }
}
