import Testing

@testable import ComposableArchitecture

// Reflective case paths learn a case's layout on their first match and then copy payloads straight
// out of enum memory. Each test extracts twice or more, so both the learning and the learnt path
// run, across every way Swift lays out an enum payload.

private class Token: Equatable, @unchecked Sendable {
  let name: String
  init(_ name: String) { self.name = name }
  static func == (lhs: Token, rhs: Token) -> Bool { lhs.name == rhs.name }
}

private final class SpecialToken: Token, @unchecked Sendable {}

private protocol Shape {}
private struct Square: Shape, Equatable { var side: Int }

/// One payload case among empty ones: a single-payload enum.
private enum SinglePayload: Equatable {
  case idle
  case loading
  case loaded(String)
}

/// Several payload cases, two of them references, so tags hide in spare pointer bits.
private enum MultiPayload: Equatable {
  case token(Token)
  case other(Token)
  case count(Int)
  case pair(Int, String)
  case labelledPair(id: Int, name: String)
  case labelled(id: Int)
  case none
}

/// A payload wider and more aligned than a pointer.
private struct Wide: Equatable {
  var a: Int64, b: Int64, c: Int64, d: Int8
}

private enum Tree: Equatable {
  case leaf(Int)
  indirect case node(Tree, Tree)
  indirect case wide(Wide)
  case empty
}

private indirect enum AllIndirect: Equatable {
  case value(String)
  case pair(Int, Wide)
  case end
}

private enum Boxed<T> {
  case value(T)
  case empty
}

private enum Generic<T: Equatable>: Equatable {
  case some(T)
  case pairOf(T, T)
  case nothing
}

private enum Existential {
  case shape(any Shape)
  case token(Token)
  case none
}

@Suite struct CaseProjectionTests {
  @Test func singlePayloadEnum() {
    let path = /SinglePayload.loaded
    for _ in 0..<3 {
      #expect(path.extract(from: .loaded("switchyard")) == "switchyard")
      #expect(path.extract(from: .idle) == nil)
      #expect(path.extract(from: .loading) == nil)
    }
    #expect(isProjectable(path, .loaded("x")))
  }

  @Test func multiPayloadEnumWithSpareBits() {
    let token = /MultiPayload.token
    let other = /MultiPayload.other
    let count = /MultiPayload.count
    let a = Token("a")
    for _ in 0..<3 {
      #expect(token.extract(from: .token(a)) === a)
      #expect(token.extract(from: .other(a)) == nil)
      #expect(other.extract(from: .other(a)) === a)
      #expect(count.extract(from: .count(-1)) == -1)
      #expect(count.extract(from: .none) == nil)
    }
    // A class payload reflects as its dynamic type, which proves nothing about the declared one.
    #expect(!isProjectable(token, .token(a)))
    #expect(isProjectable(count, .count(1)))
  }

  @Test func extractionNeitherLeaksNorOverReleasesPayloads() {
    let path = /MultiPayload.labelledPair(id:name:)
    let tokenPath = /MultiPayload.other
    weak var weakToken: Token?
    var matches = 0
    do {
      let token = Token("owned")
      weakToken = token
      let action = MultiPayload.other(token)
      let pairAction = MultiPayload.labelledPair(id: 1, name: String(repeating: "heap ", count: 8))
      for _ in 0..<1_000 {
        if tokenPath.extract(from: action) === token { matches += 1 }
        if path.extract(from: pairAction)?.1.count == 40 { matches += 1 }
      }
    }
    #expect(matches == 2_000)
    #expect(weakToken == nil)
  }

  @Test func labelledAndTuplePayloads() {
    let pair = /MultiPayload.pair
    let labelledPair = /MultiPayload.labelledPair(id:name:)
    let labelled = /MultiPayload.labelled(id:)
    for _ in 0..<3 {
      let extractedPair = pair.extract(from: .pair(1, "one"))
      #expect(extractedPair?.0 == 1 && extractedPair?.1 == "one")
      let extractedLabelled = labelledPair.extract(from: .labelledPair(id: 2, name: "two"))
      #expect(extractedLabelled?.0 == 2 && extractedLabelled?.1 == "two")
      #expect(labelledPair.extract(from: .pair(2, "two")) == nil)
      #expect(labelled.extract(from: .labelled(id: 3)) == 3)
      #expect(labelled.extract(from: .count(3)) == nil)
    }
    #expect(isProjectable(pair, .pair(0, "")))
    #expect(isProjectable(labelledPair, .labelledPair(id: 0, name: "")))
    #expect(isProjectable(labelled, .labelled(id: 0)))
  }

  @Test func indirectCases() {
    let node = /Tree.node
    let wide = /Tree.wide
    let leaf = /Tree.leaf
    let value = Wide(a: 1, b: -2, c: 3, d: 4)
    for _ in 0..<3 {
      let extracted = node.extract(from: .node(.leaf(1), .node(.empty, .leaf(2))))
      #expect(extracted?.0 == .leaf(1) && extracted?.1 == .node(.empty, .leaf(2)))
      #expect(wide.extract(from: .wide(value)) == value)
      #expect(wide.extract(from: .leaf(1)) == nil)
      #expect(leaf.extract(from: .leaf(5)) == 5)
      #expect(leaf.extract(from: .node(.leaf(5), .empty)) == nil)
    }
    #expect(isProjectable(wide, .wide(value), indirect: true))
    #expect(isProjectable(leaf, .leaf(0), indirect: false))
  }

  @Test func indirectEnum() {
    let string = /AllIndirect.value
    let pair = /AllIndirect.pair
    let value = Wide(a: .max, b: .min, c: 0, d: -1)
    for _ in 0..<3 {
      #expect(string.extract(from: .value("boxed")) == "boxed")
      #expect(string.extract(from: .end) == nil)
      let extracted = pair.extract(from: .pair(9, value))
      #expect(extracted?.0 == 9 && extracted?.1 == value)
    }
    #expect(isProjectable(string, .value(""), indirect: true))
  }

  @Test func genericAndOptionalRoots() {
    let some = /Generic<Wide>.some
    let pairOf = /Generic<String>.pairOf
    let wrapped = /Optional<String>.some
    let value = Wide(a: 1, b: 2, c: 3, d: 4)
    for _ in 0..<3 {
      #expect(some.extract(from: .some(value)) == value)
      #expect(some.extract(from: .nothing) == nil)
      let pair = pairOf.extract(from: .pairOf("a", "b"))
      #expect(pair?.0 == "a" && pair?.1 == "b")
      #expect(wrapped.extract(from: "x") == "x")
      #expect(wrapped.extract(from: nil) == nil)
    }
    #expect(isProjectable(some, .some(value)))
  }

  @Test func existentialAndSubclassPayloadsStayReflective() {
    let shape = /Existential.shape
    let token = /Existential.token
    // Reads a `Token` payload as `SpecialToken`: only right when the payload is one.
    let special: AnyCasePath<Existential, SpecialToken> = /Existential.token
    for _ in 0..<3 {
      #expect((shape.extract(from: .shape(Square(side: 2))) as? Square) == Square(side: 2))
      #expect(shape.extract(from: .none) == nil)
      #expect(token.extract(from: .token(Token("t")))?.name == "t")
      #expect(special.extract(from: .token(SpecialToken("s")))?.name == "s")
      #expect(special.extract(from: .token(Token("plain"))) == nil)
    }
    #expect(!isProjectable(shape, .shape(Square(side: 1))))
    #expect(!isProjectable(special, .token(SpecialToken("s"))))
  }

  @Test func layoutRules() {
    #expect(CaseProjection.payload((Int, String).self, hasLayoutOf: (id: Int, name: String).self))
    #expect(!CaseProjection.payload((Int, String).self, hasLayoutOf: (Int, Int).self))
    #expect(!CaseProjection.payload(Int.self, hasLayoutOf: Int?.self))
    #expect(CaseProjection.payload(Wide.self, hasLayoutOf: Wide.self))
    #expect(!CaseProjection.payload(Token.self, hasLayoutOf: Token.self))
    typealias Transform = @Sendable (Int) -> Int
    #expect(!CaseProjection.payload(Transform.self, hasLayoutOf: Transform.self))
    #expect(!CaseProjection.payload((Int, Transform).self, hasLayoutOf: (Int, Transform).self))
  }

  @Test func aFunctionPayloadOfAGenericEnumIsCalledCorrectly() {
    let value = /Boxed<@Sendable (Int) -> Int>.value
    for _ in 0..<3 {
      let double = value.extract(from: .value({ $0 * 2 }))
      #expect(double?(21) == 42)
    }
  }
}

/// Whether `path`, after matching `root`, reads payloads from memory (and from a box when `indirect`).
private func isProjectable<Root, Value>(
  _ path: AnyCasePath<Root, Value>, _ root: Root, indirect: Bool? = nil
) -> Bool {
  guard let metadata = EnumMetadata(Root.self), path.extract(from: root) != nil else { return false }
  let tag = metadata.tag(of: root)
  let projection = CaseProjection()
  // Learn afresh from the same match the path made, and read what was learnt.
  guard let reflected = Mirror(reflecting: root).children.first?.value else { return false }
  projection.learn(tag: tag, payloadType: type(of: reflected), value: Value.self, metadata: metadata)
  guard case let .projectable(_, isIndirect) = projection.learned else { return false }
  return indirect.map { $0 == isIndirect } ?? true
}
