/// When simulated users stop: after a duration, or once a number of steps has been taken in all.
package enum LoadLimit: Equatable, Sendable {
  /// Run for this long.
  case duration(Duration)
  /// Take this many steps across all users.
  case actions(Int)
}
