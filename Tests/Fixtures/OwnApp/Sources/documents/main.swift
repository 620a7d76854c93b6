import DocumentsFeature
import SwitchyardApplication

await SwitchyardCommandLine.main(
  Application(
    name: "documents",
    reducer: Documents(),
    initialState: Documents.State(),
    pools: [
      PoolConfiguration(kind: WordCountJob.kind, size: 2),
      PoolConfiguration(kind: HeadlineJob.kind, size: 1),
    ],
    handlers: [WordCountHandler(), HeadlineHandler()],
    sendExamples: [#"documents send '{"submitted":{"id":"a","text":"Hello, world"}}'"#]
  )
)
