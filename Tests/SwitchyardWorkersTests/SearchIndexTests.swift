import Testing

@testable import SwitchyardWorkers

@Suite struct SearchIndexTests {
  let index = SearchIndex(records: [
    SearchRecord(id: 1, title: "Copper Kettle for Campers"),
    SearchRecord(id: 2, title: "Copper Lamp for Readers"),
    SearchRecord(id: 3, title: "Cork Board"),
    SearchRecord(id: 4, title: "Steel Kettle, copper handle"),
    SearchRecord(id: 5, title: "Cop-Show Poster"),
  ])

  @Test func everyWordMustMatchAndTotalCountsBeforeTheLimit() {
    let response = index.search("copper kettle", limit: 1)
    #expect(response.query == "copper kettle")
    #expect(response.totalMatches == 2)
    #expect(response.results.map(\.id) == [1])
  }

  @Test func aPrefixMatchesAndAnExactWordScoresHigherThanALongerOne() {
    let response = index.search("cop", limit: 10)
    #expect(response.results.map(\.id) == [5, 1, 2, 4])
    #expect(response.results[0].score > response.results[1].score)
  }

  @Test func equalScoresAreOrderedByID() {
    let response = index.search("copper", limit: 10)
    #expect(response.results.map(\.id) == [1, 2, 4])
    #expect(response.results[0].score == response.results[1].score)
  }

  @Test func matchingIgnoresCaseAndPunctuation() {
    #expect(index.search("KETTLE!", limit: 10).results.map(\.id) == [1, 4])
    #expect(index.search("--", limit: 10) == SearchResponse(query: "--", results: [], totalMatches: 0))
    #expect(index.search("teapot", limit: 10).totalMatches == 0)
  }

  @Test func theShippedCorpusIsTheSameOnEveryBuild() {
    let records = SearchCorpus.records()
    #expect(records.count == SearchCorpus.count)
    #expect(records == SearchCorpus.records())
    #expect(Set(records.map(\.id)).count == records.count)
    #expect(SearchIndex.corpus.recordCount == SearchCorpus.count)
    let response = SearchIndex.corpus.search("copper kettle", limit: 5)
    #expect(response.totalMatches > 0)
    #expect(response.results.count == min(5, response.totalMatches))
    #expect(response.results.allSatisfy { $0.title.contains("Copper") && $0.title.contains("Kettle") })
  }
}
