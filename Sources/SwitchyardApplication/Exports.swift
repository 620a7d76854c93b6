// `import SwitchyardApplication` is all a user's package needs: reducers and effects, remote jobs
// and their handlers, pools, migrations of the journal's data, and the command line's parts for load
// scenarios and extra commands.
@_exported import ComposableArchitecture
@_exported import SwitchyardCLI
@_exported import SwitchyardDurability
@_exported import SwitchyardRuntime
@_exported import SwitchyardWire
@_exported import SwitchyardJournal
