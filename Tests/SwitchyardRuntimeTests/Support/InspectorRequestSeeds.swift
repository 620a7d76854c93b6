import ComposableArchitecture
import SwitchyardTestSupport

/// Valid requests of every type `InspectorRequest` reads, as a page's script writes them, with
/// sequence numbers near and far from any the journal holds.
enum InspectorRequestSeeds {
  static func seed(id: Int, using random: inout SeededRandomNumberGenerator) -> FuzzJSON {
    func pick<T>(_ choices: [T]) -> T { choices.randomElement(using: &random)! }
    func sequence() -> FuzzJSON {
      .number(pick(["0", "1", "2", "5", "40", "\(Int.random(in: 1...400, using: &random))", "18446744073709551615", "9223372036854775807", "-1"]))
    }
    let idValue = FuzzJSON.number("\(id)")
    func request(_ type: String, _ fields: KeyValuePairs<String, FuzzJSON> = [:]) -> FuzzJSON {
      .object([(Array("id".utf8), idValue), (Array("type".utf8), .text(type))] + fields.map { (Array($0.key.utf8), $0.value) })
    }
    let action = pick([
      #"{"start":{"name":"ws\#(id % 8)","job":{"tag":"w","outputs":1},"cancelInFlight":false}}"#,
      #"{"cancel":{"name":"ws\#(id % 8)"}}"#, #"{"teleport":{}}"#, #"{"start":{}}"#, "not json", "", #"{"a":}"#,
      #"{"start":{"name":"\u00e9","job":{"tag":"w","outputs":2,"intervalMillis":5},"cancelInFlight":true}}"#,
    ])
    switch Int.random(in: 0..<13, using: &random) {
    case 0: return request("state")
    case 1: return request("state", ["sequence": sequence()])
    case 2: return request("state", ["sequence": .null])
    case 3: return request("diff", ["from": sequence(), "to": sequence()])
    case 4: return request("actionDiff", ["sequence": sequence()])
    case 5: return request("history")
    case 6, 7: return request("send", ["text": .text(action.replacingOccurrences(of: "\"", with: "\\\""))])
    case 8:
      let size = FuzzJSON.number(pick(["1", "2", "0", "-1", "65", "1000000", "9223372036854775807"]))
      return request("scale", ["pool": .text(pick(["probe", "probe", "nope", ""])), "size": size])
    case 9: return request("effects")
    case 10: return request("effect", ["effect": sequence()])
    case 11:
      let seen = FuzzJSON.array((0..<Int.random(in: 0...3, using: &random)).map { _ in
        .members(["sequence": sequence(), "action": .members(["teleport": .members([:])])])
      })
      let text: FuzzJSON = random.chance(30) ? .null : .text(action.replacingOccurrences(of: "\"", with: "\\\""))
      let through: FuzzJSON = random.chance(30) ? .null : sequence()
      return random.chance(50)
        ? request("whatIf", ["sequence": sequence(), "text": text, "through": through, "seen": seen])
        : request("whatIf", ["sequence": sequence(), "text": text, "through": through])
    default:
      return request(pick(["frobnicate", "", "STATE", "status"]))
    }
  }
}
