import Foundation

/// `backup DEST`: a consistent copy of the data directory, taken while the coordinator runs.
enum BackupCommand {
  static func command(toolName: String) -> Command {
    Command(
      name: "backup",
      abstract: "Copy the journal and snapshots to a new directory, with or without a coordinator running.",
      discussion: """
        Writes a consistent copy of the data directory (--data-dir, or RUN_DIR/data) to DEST, which
        must not exist yet, then reads every record of the copy back. The coordinator keeps
        serving while it runs: the copy holds every action acknowledged before the backup began
        (under --fsync off, all but the last few milliseconds of them) and perhaps some after.

        To restore, stop the coordinator, move its data directory aside, put the backup in its
        place and start it again: it recovers the state the backup holds.

        Damage in records a later snapshot covers, which the coordinator never reads, is copied
        as it is and named on standard error: the backup restores the whole state, but those
        records' actions are lost to history and verify unless an older backup holds the segment.
        """,
      arguments: [CommandArgument("DEST", help: "The directory to create, e.g. /var/backups/switchyard/2026-11-28.")],
      options: [DataDirectoryOption.option, .runDirectory, .flag("--json", help: "Print what the backup holds as JSON.")],
      examples: [
        "\(toolName) backup /var/backups/switchyard/$(date +%F)",
        "\(toolName) backup --data-dir /var/lib/switchyard /mnt/backup/switchyard-1",
      ],
      run: { arguments in
        guard let destination = arguments.argument("DEST") else { throw UsageError.missingArgument("DEST") }
        let report = try JournalBackup.copy(from: DataDirectoryOption.path(arguments), to: destination)
        for damage in report.damaged {
          StandardStream.error.write("warning: the backup holds the data directory's damage. \(damage)\n")
        }
        StandardStream.output.write(arguments.flag("--json") ? try JSONText.compact(report) + "\n" : describe(report))
        return 0
      }
    )
  }

  private static func describe(_ report: JournalBackupReport) -> String {
    let records = report.firstSequence.map { "records \($0)–\(report.lastSequence)" } ?? "no records"
    let snapshots = report.snapshotSequences.isEmpty
      ? "no snapshot" : "snapshots at " + report.snapshotSequences.map { "#\($0)" }.joined(separator: ", ")
    return "backed up \(records) and \(snapshots) to \(report.directory) (\(report.files) files, \(report.bytes) bytes)\n"
  }
}
