@testable import ComposableArchitecture
import Testing

/// Dumps as swift-custom-dump prints them: its DumpTests' expectations, word for word.
@Suite struct CustomDumpTests {
  private let users = [User(id: 1, name: "Blob"), User(id: 2, name: "Blob, Jr."), User(id: 3, name: "Blob, Sr.")]

  @Test func aCollectionPrintsOneIndexedElementPerLine() {
    #expect(
      customDump(users) == """
        [
          [0]: User(
            id: 1,
            name: "Blob"
          ),
          [1]: User(
            id: 2,
            name: "Blob, Jr."
          ),
          [2]: User(
            id: 3,
            name: "Blob, Sr."
          )
        ]
        """
    )
    #expect(
      DumpNode(users).dump(isRoot: true, maxDepth: 1) == """
        [
          [0]: User(…),
          [1]: User(…),
          [2]: User(…)
        ]
        """
    )
    #expect(DumpNode(users).dump(isRoot: true, maxDepth: 0) == "[…]")
  }

  @Test func aDictionaryPrintsItsEntriesInTheOrderOfTheirKeys() {
    #expect(
      customDump([2: User(id: 2, name: "Blob, Jr."), 1: User(id: 1, name: "Blob")]) == """
        [
          1: User(
            id: 1,
            name: "Blob"
          ),
          2: User(
            id: 2,
            name: "Blob, Jr."
          )
        ]
        """
    )
    #expect(
      customDump(NestedDictionary(content: ["a": 5, "b": 9, "c": 1, "d": -3, "e": 12])) == """
        NestedDictionary(
          content: [
            "a": 5,
            "b": 9,
            "c": 1,
            "d": -3,
            "e": 12
          ]
        )
        """
    )
    #expect(customDump([String: Int]()) == "[:]")
  }

  @Test func anEnumNamesItsTypeAtTheRootAndOnlyItsCaseInside() {
    #expect(customDump(Enum.foo) == "Enum.foo")
    #expect(customDump(Enum.bar(42)) == "Enum.bar(42)")
    #expect(customDump(Enum.fu(bar: 42)) == "Enum.fu(bar: 42)")
    #expect(
      customDump(Enum.baz(fizz: 0.9, buzz: "2")) == """
        Enum.baz(
          fizz: 0.9,
          buzz: "2"
        )
        """
    )
    #expect(
      customDump(Enum.fizz(0.9, buzz: "2")) == """
        Enum.fizz(
          0.9,
          buzz: "2"
        )
        """
    )
    #expect(
      customDump(NestedEnum.nest(.fizz(0.9, buzz: "2"))) == """
        NestedEnum.nest(
          .fizz(
            0.9,
            buzz: "2"
          )
        )
        """
    )
  }

  @Test func anOptionalPrintsItsValueOrNil() {
    #expect(
      customDump(User?(User(id: 42, name: "Blob")) as Any) == """
        User(
          id: 42,
          name: "Blob"
        )
        """
    )
    #expect(customDump(User?.none as Any) == "nil")
  }

  @Test func aSetPrintsItsElementsSorted() {
    #expect(
      customDump(Set([3, 1, 2])) == """
        Set([
          1,
          2,
          3
        ])
        """
    )
  }

  @Test func aStructPrintsOneFieldPerLineAndFoldsBelowItsDepth() {
    let user = User(id: 42, name: "Blob")
    #expect(
      customDump(user) == """
        User(
          id: 42,
          name: "Blob"
        )
        """
    )
    #expect(DumpNode(user).dump(isRoot: true, maxDepth: 0) == "User(…)")
    let pair = Pair(driver: User(id: 1, name: "Blob"), passenger: User(id: 2, name: "Blob, Jr."))
    #expect(
      customDump(pair) == """
        Pair(
          driver: User(
            id: 1,
            name: "Blob"
          ),
          passenger: User(
            id: 2,
            name: "Blob, Jr."
          )
        )
        """
    )
    #expect(
      DumpNode(pair).dump(isRoot: true, maxDepth: 1) == """
        Pair(
          driver: User(…),
          passenger: User(…)
        )
        """
    )
  }

  @Test func aTuplePrintsOneElementPerLine() {
    #expect(
      customDump((1, 2)) == """
        (
          1,
          2
        )
        """
    )
    #expect(
      customDump((x: 1, y: 2, ())) == """
        (
          x: 1,
          y: 2,
          ()
        )
        """
    )
  }

  @Test func aStringPrintsAsTheLiteralThatWritesIt() {
    #expect(customDump("Hello!") == #""Hello!""#)
    #expect(customDump(#"Hello, "world!""#) == ##"#"Hello, "world!""#"##)
    #expect(customDump(####"This has a "### in it"####) == #####"####"This has a "### in it"####"#####)
    #expect(customDump("This has a \\ in it") == ##"#"This has a \ in it"#"##)
    #expect(customDump("This has a \t in it") == "\"This has a \\t in it\"")
  }

  @Test func aStringWithNewlinesPrintsAsAMultilineLiteral() {
    #expect(
      customDump("Hello,\nWorld!") == #"""
        """
        Hello,
        World!
        """
        """#
    )
    let email = Email(
      subject: "RE: Upcoming Event",
      body: """
        To whom it may concern,

        Look forward to it!

        Yours,
        Blob
        """
    )
    #expect(
      customDump(email) == """
        Email(
          subject: "RE: Upcoming Event",
          body: \"\"\"
            To whom it may concern,
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
      customDump(
        ##"""
        print(
          #"""
          Hello, world!
          """#
        )
        """##
      ) == ###"""
        ##"""
        print(
          #"""
          Hello, world!
          """#
        )
        """##
        """###
    )
  }
}
