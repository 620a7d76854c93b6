import ComposableArchitecture
import Testing

private enum Inner: Equatable {
  case leaf(Int)
  case empty
}

private enum Sample: Equatable {
  case plain
  case other
  case single(Int)
  case labelled(id: String)
  case pair(Int, String)
  case labelledPair(x: Int, y: Int)
  case nested(Inner)
  case optional(Int?)
  indirect case recursive(Sample)
}

extension Sample: CasePathable {
  struct AllCasePaths {
    var single: AnyCasePath<Sample, Int> { /Sample.single }
    var nested: AnyCasePath<Sample, Inner> { /Sample.nested }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension Inner: CasePathable {
  struct AllCasePaths {
    var leaf: AnyCasePath<Inner, Int> { /Inner.leaf }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}

@Suite struct CasePathTests {
  @Test func payloadlessCases() {
    let plain = /Sample.plain
    #expect(plain.extract(from: .plain) != nil)
    #expect(plain.extract(from: .other) == nil)
    #expect(plain.extract(from: .single(1)) == nil)
    #expect(plain.embed(()) == .plain)
  }

  @Test func singlePayloads() {
    let single = /Sample.single
    #expect(single.extract(from: .single(42)) == 42)
    #expect(single.extract(from: .optional(42)) == nil)
    #expect(single.embed(7) == .single(7))
  }

  @Test func labelledPayload() {
    let labelled = /Sample.labelled(id:)
    #expect(labelled.extract(from: .labelled(id: "a")) == "a")
    #expect(labelled.extract(from: .single(1)) == nil)
  }

  @Test func multiValuePayloads() {
    let pair = /Sample.pair
    let extracted = pair.extract(from: .pair(1, "one"))
    #expect(extracted?.0 == 1)
    #expect(extracted?.1 == "one")
    #expect(pair.extract(from: .labelledPair(x: 1, y: 2)) == nil)
    let labelledPair = /Sample.labelledPair
    #expect(labelledPair.extract(from: .labelledPair(x: 3, y: 4)).map { [$0.0, $0.1] } == [3, 4])
  }

  @Test func optionalAndIndirectPayloads() {
    #expect((/Sample.optional).extract(from: .optional(nil)) == .some(nil))
    #expect((/Sample.optional).extract(from: .optional(3)) == .some(3))
    #expect((/Sample.recursive).extract(from: .recursive(.plain)) == .plain)
    #expect((/Sample.recursive).extract(from: .plain) == nil)
  }

  @Test func nestedEnumsCompose() {
    let leaf = (/Sample.nested).appending(path: /Inner.leaf)
    #expect(leaf.extract(from: .nested(.leaf(5))) == 5)
    #expect(leaf.extract(from: .nested(.empty)) == nil)
    #expect(leaf.embed(9) == .nested(.leaf(9)))
  }

  @Test func caseKeyPathsWalkNestedCases() {
    let leaf: CaseKeyPath<Sample, Int> = \.nested.leaf
    let path = AnyCasePath(leaf)
    #expect(path.extract(from: .nested(.leaf(5))) == 5)
    #expect(path.extract(from: .single(5)) == nil)
    #expect(leaf(8) == .nested(.leaf(8)))
    #expect(Sample.single(3)[case: \.single] == 3)
    #expect(Sample.single(3).is(\.single))
    #expect(!Sample.plain.is(\.single))
  }

  @Test func resultCasePaths() {
    let result: Result<Int, any Error> = .success(1)
    #expect(result[case: \.success] == 1)
    #expect(result[case: \.failure] == nil)
  }

  @Test func identifiedActionFocusesOnOneElement() {
    let action = IdentifiedAction<Int, String>.element(id: 2, action: "tap")
    #expect(action[case: \.[id: 2]] == "tap")
    #expect(action[case: \.[id: 3]] == nil)
  }
}
