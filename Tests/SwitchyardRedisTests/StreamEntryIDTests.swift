import Testing
import SwitchyardRedis

struct StreamEntryIDTests {
  @Test func readsWhatRedisWritesAndItsOwnDescription() {
    #expect(StreamEntryID("1526919030474-55") == StreamEntryID(milliseconds: 1_526_919_030_474, sequence: 55))
    #expect(StreamEntryID("7") == StreamEntryID(milliseconds: 7, sequence: 0))
    let largest = StreamEntryID(milliseconds: .max, sequence: .max)
    #expect(StreamEntryID(largest.description) == largest)
  }

  @Test(arguments: ["", "-", "1-", "-1", "a-1", "1-b", "1-2-3", "18446744073709551616-0", " 1-2"])
  func refusesWhatIsNoEntryID(text: String) {
    #expect(StreamEntryID(text) == nil)
  }
}
