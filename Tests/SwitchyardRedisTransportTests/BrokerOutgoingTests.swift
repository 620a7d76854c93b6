import SwitchyardRedis
@testable import SwitchyardRuntime
import SwitchyardWire
import Testing
@testable import SwitchyardRedisTransport

/// A broker link's typed commands become the stream entries remote workers read, encoded once by
/// the broker's writer: a `run` with its job spliced in and its generation beside it.
struct BrokerOutgoingTests {
  @Test func aRunIsTheEntryARemoteWorkerReads() throws {
    let dispatch = JobDispatch(effect: 9, generation: 2, kind: "probe", job: Array(#"{"tag":"x"}"#.utf8), attempt: 1, affinity: "k")
    let entry = RedisBroker.Outgoing.run(dispatch).encoded

    #expect(entry.generation == 2)
    let run = Run(effect: 9, generation: 2, kind: "probe", job: try RawJSON(parsing: Array(#"{"tag":"x"}"#.utf8)), attempt: 1, affinity: "k")
    #expect(try WorkerMessage(payload: entry.payload) == .run(run))
    #expect(entry == EncodedMessage(.run(run)), "the same bytes the Codable path writes")
  }

  @Test func aCancelIsTheEntryTheBroadcastCarries() throws {
    let entry = RedisBroker.Outgoing.cancel(Cancel(effect: 9, generation: 2)).encoded
    #expect(entry == EncodedMessage(.cancel(Cancel(effect: 9, generation: 2))))
  }
}
