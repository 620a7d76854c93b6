import DocumentsFeature
import SwitchyardApplication

await SwitchyardCommandLine.main(
  Application(
    name: "documents",
    reducer: Documents(),
    initialState: Documents.State(),
    // Clients submit documents; the counts and headlines are the workers' to send.
    clientActions: ClientActions { action in
      if case .submitted = action { true } else { false }
    },
    pools: [
      PoolConfiguration(kind: WordCountJob.kind, size: 2),
      PoolConfiguration(kind: HeadlineJob.kind, size: 1),
    ],
    handlers: [WordCountHandler(), HeadlineHandler()],
    sendExamples: [#"documents send '{"submitted":{"id":"a","text":"Hello, world"}}'"#],
    // Version 2 reads what version 1 journaled through its migrations.
    dataVersion: 2,
    migrations: Documents.migrations
  )
)
