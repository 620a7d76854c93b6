import SwitchyardRuntime
import SwitchyardWire
import Testing

/// A job event's JSON, which journals written before its hand-written encoding hold: the same
/// bytes the synthesized conformance wrote, read back as the event that was written.
@Suite struct JobEventCodingTests {
  @Test func eachEventIsWrittenAsTheSynthesizedConformanceWroteIt() throws {
    let failure = JobFailure(code: .handlerError, message: "no")
    let failureJSON = String(decoding: try WireJSONEncoder().encode(failure), as: UTF8.self)
    let written: [(JobEvent<[String]>, String)] = [
      (.output(["a", "b"]), #"{"output":{"_0":["a","b"]}}"#),
      (.finished, #"{"finished":{}}"#),
      (.failed(failure), #"{"failed":{"_0":\#(failureJSON)}}"#),
    ]
    for (event, json) in written {
      let bytes = try WireJSONEncoder().encode(event)
      #expect(String(decoding: bytes, as: UTF8.self) == json)
      #expect(try WireJSONDecoder().decode(JobEvent<[String]>.self, from: bytes) == event)
    }
  }
}
