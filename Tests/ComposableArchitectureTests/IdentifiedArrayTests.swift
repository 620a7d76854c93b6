import ComposableArchitecture
import Testing

private struct Row: Identifiable, Equatable, Codable {
  var id: Int
  var title: String
}

@Suite struct IdentifiedArrayTests {
  @Test func readsWritesAndRemovesByID() {
    var rows: IdentifiedArrayOf<Row> = [Row(id: 1, title: "a"), Row(id: 2, title: "b"), Row(id: 3, title: "c")]
    rows[id: 2]?.title = "B"
    #expect(rows[id: 2] == Row(id: 2, title: "B"))
    rows[id: 1] = nil
    #expect(rows.ids == [2, 3])
    #expect(rows.index(id: 3) == 1)
    rows[id: 4] = Row(id: 4, title: "d")
    #expect(rows.ids == [2, 3, 4])
    #expect(rows[id: 1] == nil)
  }

  @Test func keepsTheFirstOfDuplicateIDs() {
    let rows = IdentifiedArray(uniqueElements: [Row(id: 1, title: "first"), Row(id: 1, title: "second")])
    #expect(rows.count == 1)
    #expect(rows[id: 1]?.title == "first")
  }

  @Test func insertMoveAndRemoveKeepIDsInStepWithElements() {
    var rows = IdentifiedArray(uniqueElements: (0..<5).map { Row(id: $0, title: "\($0)") })
    rows.insert(Row(id: 9, title: "9"), at: 1)
    #expect(rows.ids == [0, 9, 1, 2, 3, 4])
    #expect(rows.insert(Row(id: 2, title: "dup"), at: 0).inserted == false)
    rows.move(fromOffsets: [0], toOffset: 6)
    #expect(rows.ids == [9, 1, 2, 3, 4, 0])
    rows.remove(atOffsets: [0, 2])
    #expect(rows.ids == [1, 3, 4, 0])
    #expect(rows.index(id: 0) == 3)
    #expect(rows.remove(id: 3) == Row(id: 3, title: "3"))
    #expect(rows.map(\.id) == [1, 4, 0])
  }

  @Test func roundTripsThroughCodableAndRejectsDuplicateIDs() throws {
    let rows: IdentifiedArrayOf<Row> = [Row(id: 1, title: "a"), Row(id: 2, title: "b")]
    let data = try JSONEncoder().encode(rows)
    #expect(try JSONDecoder().decode(IdentifiedArrayOf<Row>.self, from: data) == rows)
    let duplicated = Data(#"[{"id":1,"title":"a"},{"id":1,"title":"b"}]"#.utf8)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(IdentifiedArrayOf<Row>.self, from: duplicated) }
  }
}

import Foundation
