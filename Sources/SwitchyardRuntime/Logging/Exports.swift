// Log events are made by the journal below the runtime and by everything above it.
@_exported import SwitchyardLog
