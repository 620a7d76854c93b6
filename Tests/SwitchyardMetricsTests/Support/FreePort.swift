import SwitchyardNet

/// A loopback port free a moment ago: bound and let go, for a server that takes its port as a flag.
func freePort() throws -> UInt16 {
  let listener = try Socket.listen(port: 0)
  defer { listener.close() }
  return try listener.localPort()
}
