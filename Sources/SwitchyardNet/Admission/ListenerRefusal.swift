/// Why a ``ConnectionAdmission`` turned a connection away; each listener tells its client in its
/// own protocol (an `error` frame, a 503) before the connection closes.
package enum ListenerRefusal: Equatable, Sendable {
  /// ``ListenerLimits/maxConnections`` connections are already served.
  case tooManyConnections(limit: Int)
  /// Accepting would use the descriptors kept in reserve, or there were none left at all.
  case noDescriptors
}
