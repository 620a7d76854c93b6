@testable import ComposableArchitecture
import Foundation
import Testing

/// Diffs as swift-custom-dump writes them: its DiffTests' expectations, word for word.
@Suite struct DiffTests {
  @Test func aCollectionDiffsChangedElementsAndFoldsUnchangedOnes() {
    #expect(
      diff(
        [User(id: 1, name: "Blob"), User(id: 2, name: "Blob, Jr."), User(id: 3, name: "Blob, Sr.")],
        [User(id: 1, name: "Blob, Esq."), User(id: 3, name: "Blob, Sr."), User(id: 4, name: "Blob, Jr.")]
      ) == """
          [
            [0]: User(
              id: 1,
        -     name: "Blob"
        +     name: "Blob, Esq."
            ),
        -   [1]: User(
        -     id: 2,
        -     name: "Blob, Jr."
        -   ),
            [1]: User(…),
        +   [2]: User(
        +     id: 4,
        +     name: "Blob, Jr."
        +   )
          ]
        """
    )
  }

  @Test func longRunsOfUnchangedElementsCollapse() {
    let largeArray = Array(1...1_000)
    var other = largeArray
    other[100] = 42
    other[102] = 42
    other.insert(42, at: 300)
    other.remove(at: 700)
    #expect(
      diff(largeArray, other) == """
          [
            … (100 unchanged),
        -   [100]: 101,
        +   [100]: 42,
            [101]: 102,
        -   [102]: 103,
        +   [102]: 42,
            … (197 unchanged),
        +   [300]: 42,
            … (399 unchanged),
        -   [699]: 700,
            … (300 unchanged)
          ]
        """
    )
  }

  @Test func removalsAndInsertionsKeepTheirOwnIndices() {
    #expect(
      diff([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [1, 4, 64, 7, 8, 9, 10, 42]) == """
          [
            [0]: 1,
        -   [1]: 2,
        -   [2]: 3,
            [1]: 4,
        -   [4]: 5,
        +   [2]: 64,
        -   [5]: 6,
            … (4 unchanged),
        +   [7]: 42
          ]
        """
    )
  }

  @Test func aDictionaryDiffsByKeyAndCountsEveryUnchangedEntryAtTheEnd() {
    #expect(
      diff(
        [1: User(id: 1, name: "Blob"), 2: User(id: 2, name: "Blob, Jr.")],
        [1: User(id: 1, name: "Blob"), 2: User(id: 2, name: "Blob, Sr."), 3: User(id: 3, name: "Dr. Blob")]
      ) == """
          [
            2: User(
              id: 2,
        -     name: "Blob, Jr."
        +     name: "Blob, Sr."
            ),
        +   3: User(
        +     id: 3,
        +     name: "Dr. Blob"
        +   ),
            … (1 unchanged)
          ]
        """
    )
    let largeDictionary = Dictionary(uniqueKeysWithValues: Array(1...1_000).map { ($0, "\($0)") })
    var other = largeDictionary
    other[100] = "42"
    other[102] = "42"
    other[300] = "42"
    other[700] = nil
    #expect(
      diff(largeDictionary, other) == """
          [
        -   100: "100",
        +   100: "42",
        -   102: "102",
        +   102: "42",
        -   300: "300",
        +   300: "42",
        -   700: "700",
            … (996 unchanged)
          ]
        """
    )
  }

  @Test func anEnumDiffsThePayloadOfTheSameCaseAndShowsAnotherCaseWhole() {
    #expect(diff(Enum.foo, Enum.foo) == nil)
    #expect(diff(Enum.baz(fizz: 1.2, buzz: "Blob"), Enum.baz(fizz: 1.2, buzz: "Blob")) == nil)
    #expect(diff(Enum.foo, Enum.bar(42)) == "- Enum.foo\n+ Enum.bar(42)")
    #expect(diff(Enum.bar(42), Enum.bar(43)) == "- Enum.bar(42)\n+ Enum.bar(43)")
    #expect(
      diff(Enum.fizz(42, buzz: "Blob"), Enum.fizz(42, buzz: "Glob")) == """
          Enum.fizz(
            42.0,
        -   buzz: "Blob"
        +   buzz: "Glob"
          )
        """
    )
    #expect(
      diff(NestedEnum.nest(.fizz(42, buzz: "Blob")), NestedEnum.nest(.fizz(42, buzz: "Glob"))) == """
          NestedEnum.nest(
            .fizz(
              42.0,
        -     buzz: "Blob"
        +     buzz: "Glob"
            )
          )
        """
    )
    #expect(diff(NestedEnum.nest(.foo), NestedEnum.nest(.buzz)) == "- NestedEnum.nest(.foo)\n+ NestedEnum.nest(.buzz)")
    #expect(
      diff(NestedEnum.largerNest(1, .foo), NestedEnum.largerNest(1, .buzz)) == """
          NestedEnum.largerNest(
            1,
        -   .foo
        +   .buzz
          )
        """
    )
  }

  @Test func anOptionalDiffsItsValue() {
    #expect(diff(User?.none, nil) == nil)
    #expect(
      diff(User?(User(id: 42, name: "Blob")), nil) == """
        - User(
        -   id: 42,
        -   name: "Blob"
        - )
        + nil
        """
    )
    #expect(
      diff(User?(User(id: 42, name: "Blob")), User?(User(id: 42, name: "Blob, Esq."))) == """
          User(
            id: 42,
        -   name: "Blob"
        +   name: "Blob, Esq."
          )
        """
    )
  }

  @Test func aSetCountsEveryUnchangedElementAtTheEnd() {
    #expect(diff(Set([1, 2, 3]), Set([1, 2, 3])) == nil)
    #expect(
      diff(Set([1, 2, 3]), Set([1, 3, 4])) == """
          Set([
        -   2,
        +   4,
            … (2 unchanged)
          ])
        """
    )
    var other = Set(1...1_000)
    other.remove(100)
    other.remove(102)
    other.insert(9999)
    #expect(
      diff(Set(1...1_000), other) == """
          Set([
        -   100,
        -   102,
        +   9999,
            … (998 unchanged)
          ])
        """
    )
  }

  @Test func aStructDiffsChangedFieldsAndFoldsUnchangedOnes() {
    #expect(diff(1, 2) == "- 1\n+ 2")
    #expect(
      diff(User(id: 42, name: "Blob"), User(id: 42, name: "Blob, Jr.")) == """
          User(
            id: 42,
        -   name: "Blob"
        +   name: "Blob, Jr."
          )
        """
    )
    #expect(
      diff(
        Pair(driver: User(id: 1, name: "Blob"), passenger: User(id: 2, name: "Blob, Jr.")),
        Pair(driver: User(id: 1, name: "Blob"), passenger: User(id: 2, name: "Blob, Sr."))
      ) == """
          Pair(
            driver: User(…),
            passenger: User(
              id: 2,
        -     name: "Blob, Jr."
        +     name: "Blob, Sr."
            )
          )
        """
    )
  }

  @Test func anUnchangedEnumFieldFoldsItsPayload() {
    enum Offset: Equatable { case page(Int, perPage: Int = 10) }
    struct State: Equatable {
      var offset: Offset
      let result: String
    }
    #expect(
      diff(
        State(offset: .page(1), result: "Hello, world!"),
        State(offset: .page(1), result: "Good night, moon!")
      ) == """
          DiffTests.State(
            offset: .page(…),
        -   result: "Hello, world!"
        +   result: "Good night, moon!"
          )
        """
    )
  }

  @Test func aTupleDiffsByPosition() {
    #expect(
      diff((1, 2), (1, 3)) == """
          (
            1,
        -   2
        +   3
          )
        """
    )
    #expect(
      diff((1, (2, 3)), (0, (2, 3))) == """
          (
        -   1,
        +   0,
            (…)
          )
        """
    )
  }

  @Test func aStringWithNewlinesDiffsLineByLine() {
    #expect(
      diff("Hello,\nWorld!", "Hello,\nBlob!") == #"""
          """
          Hello,
        - World!
        + Blob!
          """
        """#
    )
    let body = "To whom it may concern,\n\nLook forward to it!\n\nYours,\nBlob"
    #expect(
      diff(
        Email(subject: "RE: Upcoming Event", body: body.replacingOccurrences(of: "whom", with: "who")),
        Email(subject: "RE: Upcoming Event", body: body)
      ) == """
          Email(
            subject: "RE: Upcoming Event",
            body: \"\"\"
        -     To who it may concern,
        +     To whom it may concern,
              \n\
              Look forward to it!
              \n\
              Yours,
              Blob
              \"\"\"
          )
        """
    )
    #expect(
      diff(Email(subject: "RE: Upcoming Event", body: body), Email(subject: "Re: Upcoming Event", body: body)) == """
          Email(
        -   subject: "RE: Upcoming Event",
        +   subject: "Re: Upcoming Event",
            body: "…"
          )
        """
    )
  }

  @Test func aDeepChangeShowsItsWholePath() {
    let user = FriendlyUser(
      id: 1, name: "Blob",
      friends: [
        FriendlyUser(
          id: 2, name: "Blob Jr.",
          friends: [
            FriendlyUser(id: 3, name: "Blob Sr.", friends: [FriendlyUser(id: 4, name: "Someone", friends: [])])
          ]
        )
      ]
    )
    var other = user
    other.friends[0].friends[0].friends[0].name += " Else"
    #expect(
      diff(user, other) == """
          FriendlyUser(
            id: 1,
            name: "Blob",
            friends: [
              [0]: FriendlyUser(
                id: 2,
                name: "Blob Jr.",
                friends: [
                  [0]: FriendlyUser(
                    id: 3,
                    name: "Blob Sr.",
                    friends: [
                      [0]: FriendlyUser(
                        id: 4,
        -               name: "Someone",
        +               name: "Someone Else",
                        friends: []
                      )
                    ]
                  )
                ]
              )
            ]
          )
        """
    )
  }

  @Test func theTestStoreFormatAlignsInProportionalFonts() {
    #expect(
      diff(User(id: 42, name: "Blob"), User(id: 42, name: "Blob, Jr."), format: .testStore) == """
        \u{2007} User(
        \u{2007}   id: 42,
        \u{2212}   name: "Blob"
        +   name: "Blob, Jr."
        \u{2007} )
        """
    )
  }
}
