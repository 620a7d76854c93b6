import SwitchyardHighAvailability

extension HighAvailabilityStatus {
  /// The status as `status` carries it.
  var report: HighAvailabilityReport {
    HighAvailabilityReport(role: role.rawValue, epoch: epoch, leader: leader, appliedSequence: appliedSequence, lag: lag)
  }
}
