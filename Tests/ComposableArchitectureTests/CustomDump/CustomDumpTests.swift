@testable import ComposableArchitecture
import Testing

private struct Profile: Equatable {
  var name: String
  var tags: [String]
  var address: Address?
  var status: Status
}

private struct Address: Equatable {
  var city: String
  var zip: Int
}

private enum Status: Equatable {
  case active
  case suspended(reason: String, days: Int)
}

@Suite struct CustomDumpTests {
  private let profile = Profile(
    name: "Blob", tags: ["a", "b", "c"], address: Address(city: "Paris", zip: 75001), status: .active
  )

  @Test func dumpsTypesFieldsAndEnumCases() {
    #expect(customDump(Status.suspended(reason: "spam", days: 3)) == #"Status.suspended(reason: "spam", days: 3)"#)
    #expect(customDump(Status.active) == "Status.active")
    #expect(customDump(Address(city: "Paris", zip: 75001)) == #"Address(city: "Paris", zip: 75001)"#)
    #expect(customDump(Optional<Int>.none as Any) == "nil")
  }

  @Test func equalValuesHaveNoDiff() {
    #expect(diff(profile, profile) == nil)
  }

  @Test func aChangedNestedFieldShowsItsPath() throws {
    var changed = profile
    changed.address?.zip = 75002
    let text = try #require(diff(profile, changed))
    #expect(
      text == """
          Profile(
            name: "Blob",
            tags: ["a", "b", "c"],
            address: Address(
              city: "Paris",
        -     zip: 75001
        +     zip: 75002
            ),
            status: Status.active
          )
        """
    )
  }

  @Test func longUnchangedRunsFold() throws {
    let rows = (0..<10).map { Address(city: "City \($0)", zip: $0) }
    var changed = rows
    changed[7].zip = 70
    let text = try #require(diff(rows, changed))
    #expect(text.contains("  … (7 unchanged)"))
    #expect(text.contains("-     zip: 7\n+     zip: 70"))
    #expect(text.contains("    Address(city: \"City 9\", zip: 9)"))
  }

  @Test func arrayInsertionsAndRemovalsAreLinedUp() throws {
    var changed = profile
    changed.tags = ["a", "x", "c", "d"]
    let text = try #require(diff(profile, changed, format: .testStore))
    #expect(text.contains("\u{2212}     \"b\","))
    #expect(text.contains("+     \"x\","))
    #expect(text.contains("+     \"d\""))
    // Unchanged lines start with a figure space, so they align with "−" in proportional fonts.
    #expect(text.contains("\u{2007}     \"a\","))
  }

  @Test func aDifferentEnumCaseIsShownWhole() throws {
    var changed = profile
    changed.status = .suspended(reason: "spam", days: 3)
    let text = try #require(diff(profile, changed))
    #expect(text.contains("-   status: Status.active"))
    #expect(text.contains(#"+   status: Status.suspended(reason: "spam", days: 3)"#))
  }

  @Test func optionalBecomingNilIsShown() throws {
    var changed = profile
    changed.address = nil
    let text = try #require(diff(profile, changed))
    #expect(text.contains(#"-   address: Address(city: "Paris", zip: 75001),"#))
    #expect(text.contains("+   address: nil,"))
  }
}
