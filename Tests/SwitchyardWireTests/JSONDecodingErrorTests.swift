import SwitchyardWire
import Testing

@Suite struct JSONDecodingErrorTests {
  struct Session: Codable, Equatable { var query: String; var page: Int }
  struct Root: Codable, Equatable { var sessions: [Session] }

  private func decodingError<T: Decodable>(_ type: T.Type, _ text: String) -> DecodingError? {
    do {
      _ = try WireJSONDecoder().decode(type, from: Array(text.utf8))
      return nil
    } catch {
      return error as? DecodingError
    }
  }

  @Test func aMismatchNamesItsPathAndBothKinds() throws {
    let error = try #require(decodingError(Root.self, #"{"sessions":[{"query":"a","page":1},{"query":5,"page":1}]}"#))
    guard case let .typeMismatch(type, context) = error else {
      Issue.record("expected a type mismatch, got \(error)")
      return
    }
    #expect(type is String.Type)
    #expect(context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue } == ["sessions", "[1]", "query"])
    #expect(context.debugDescription == "expected String, found the number 5")
    #expect(WireJSONDecoder.describe(error) == "sessions[1].query: expected String, found the number 5")
  }

  @Test func aMissingKeyNamesTheKeyAndItsParent() throws {
    let error = try #require(decodingError(Root.self, #"{"sessions":[{"query":"a"}]}"#))
    guard case let .keyNotFound(key, context) = error else {
      Issue.record("expected a missing key, got \(error)")
      return
    }
    #expect(key.stringValue == "page")
    #expect(context.codingPath.count == 2)
    #expect(WireJSONDecoder.describe(error) == "sessions[0].page: no value for the key \"page\"")
  }

  @Test func nullWhereAValueIsRequiredIsValueNotFound() throws {
    let error = try #require(decodingError(Session.self, #"{"query":null,"page":1}"#))
    guard case .valueNotFound = error else {
      Issue.record("expected valueNotFound, got \(error)")
      return
    }
  }

  @Test func numbersOutOfRangeAreMismatches() {
    #expect(decodingError(UInt8.self, "256") != nil)
    #expect(decodingError(UInt64.self, "-1") != nil)
    #expect(decodingError(Int64.self, "9223372036854775808") != nil)
    #expect(decodingError(Int.self, "1.5") != nil)
    #expect(throws: JSONError(offset: 0, reason: .numberOutOfRange)) {
      _ = try WireJSONDecoder().decode(Double.self, from: Array("1e400".utf8))
    }
    #expect(decodingError(Int.self, "\"1\"") != nil)
    #expect(decodingError(Bool.self, "1") != nil)
  }

  @Test func integralNumbersWithAFractionOrExponentDecodeAsIntegers() throws {
    #expect(try WireJSONDecoder().decode([Int].self, from: Array("[1.0, 1e3, -2E0]".utf8)) == [1, 1000, -2])
  }

  @Test func arraysThatEndEarly() {
    let error = decodingError([Int].self, "[1, \"x\"]")
    guard case let .typeMismatch(_, context)? = error else {
      Issue.record("expected a type mismatch, got \(String(describing: error))")
      return
    }
    #expect(context.codingPath.first?.intValue == 1)
  }

  @Test func syntaxErrorsAreJSONErrorsNotDecodingErrors() {
    #expect(throws: JSONError(offset: 9, reason: .unexpectedEnd)) {
      _ = try WireJSONDecoder().decode(Session.self, from: Array(#"{"query":"#.utf8))
    }
  }
}
