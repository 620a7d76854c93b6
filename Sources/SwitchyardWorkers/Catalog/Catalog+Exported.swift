// The pagination job's outputs are the catalogue's own types, shared with the upstream service
// through their own small module; users of the workers see them as before.
@_exported import SwitchyardCatalog
