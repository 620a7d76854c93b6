/// Why a standby's inspector shows no state: its replica starts at the first snapshot it copies.
struct NoReplicaYet: Error, CustomStringConvertible {
  var description: String {
    "This standby has no copy of the state yet: it starts from the first snapshot it copies from the shared journal."
  }
}
