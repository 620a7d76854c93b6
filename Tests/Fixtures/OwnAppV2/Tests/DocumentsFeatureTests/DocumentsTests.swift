import DocumentsFeature
import SwitchyardApplication
import Testing

@MainActor
struct DocumentsTests {
  @Test func aDocumentIsCountedThenHeadlined() async {
    let store = TestStore(initialState: Documents.State()) {
      Documents()
    } withDependencies: {
      $0.jobExecutor = InProcessJobExecutor(WordCountHandler(), HeadlineHandler())
    }
    await store.send(.submitted(id: "a", text: "Three little words")) {
      $0.documents["a"] = Documents.Document(text: "Three little words")
    }
    await store.receive(.wordsCounted(id: "a", words: 3)) {
      $0.documents["a"]?.words = 3
    }
    await store.receive(.headlined(id: "a", headline: "THREE LITTLE WORDS (3 words)")) {
      $0.documents["a"]?.headline = "THREE LITTLE WORDS (3 words)"
    }
  }

  @Test func anEmptyDocumentFailsItsHeadline() async {
    let store = TestStore(initialState: Documents.State()) {
      Documents()
    } withDependencies: {
      $0.jobExecutor = InProcessJobExecutor(WordCountHandler(), HeadlineHandler())
    }
    await store.send(.submitted(id: "b", text: "")) {
      $0.documents["b"] = Documents.Document(text: "")
    }
    await store.receive(.wordsCounted(id: "b", words: 0)) {
      $0.documents["b"]?.words = 0
    }
    await store.receive(.failed(id: "b", reason: "The document has no text to make a headline of.")) {
      $0.documents["b"]?.failure = "The document has no text to make a headline of."
    }
  }

  @Test func versionOneDataDecodesThroughTheMigration() throws {
    let state: JSONValue = ["documents": ["a": ["text": "Three little words", "words": 3]]]
    let migrated = try Documents.migrations[0].migrate(state: state)
    #expect(migrated[dottedPath: "documents.a.tags"] == [])
    let action: JSONValue = ["counted": ["id": "a", "words": 3]]
    #expect(try Documents.migrations[0].migrate(action: action) == ["wordsCounted": ["id": "a", "words": 3]])
  }
}
