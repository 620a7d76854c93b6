/// `start` refused its data directory, which an operator must repair, restore or let it skip a
/// record of: exit status 78 (`EX_CONFIG`), which the systemd unit's `RestartPreventExitStatus=`
/// names, so that a coordinator is not restarted into the same refusal again and again.
struct DataDirectoryRefusal: ExitStatusError {
  /// What recovery refused.
  let reason: any Error

  var exitStatus: Int32 { Self.exitStatus }
  var description: String { "\(reason)" }

  /// The status `start` exits with.
  static let exitStatus: Int32 = 78

  /// `error` as a refusal, when it is one an operator must act on; otherwise `error` itself.
  static func refusing(_ error: any Error) -> any Error {
    switch error {
    case let journal as JournalError where journal.needsOperator: DataDirectoryRefusal(reason: journal)
    case let replay as JournalReplayError: DataDirectoryRefusal(reason: replay)
    case let owner as JournalOwnerError:
      if case .unwritable = owner { owner } else { DataDirectoryRefusal(reason: owner) }
    default: error
    }
  }
}

import SwitchyardDurability