import Foundation

/// `history --set-aside FILE`: the records a repair set aside in a `*.damaged` file, one line each
/// (sequence, time, the record's JSON as journaled), so that what a repair cut can be read and, if
/// wanted, sent again by hand (proto/JOURNAL.md, "Recovery").
enum SetAsideListing {
  static let option = CommandOption.value("--set-aside", "FILE", help: "List the records a --repair set aside in FILE (*.damaged).")

  /// Writes the records of the set-aside file at `path` to standard output, and to standard error
  /// how many bytes were damage.
  static func print(path: String, json: Bool) throws {
    let setAside = try SetAsideRecords(path: path)
    let lines = setAside.records.map { record in
      let time = Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(record.date)
      // The payload is the JSON the coordinator journaled, copied as it is.
      let payload = String(decoding: record.payload, as: UTF8.self)
      guard json else { return String(record.sequence) + "  " + time + "  " + payload }
      return "{\"sequence\":\(record.sequence),\"time\":\"\(time)\",\"record\":\(payload)}"
    }
    if !lines.isEmpty { StandardStream.output.write(lines.joined(separator: "\n") + "\n") }
    StandardStream.error.write(
      "\(setAside.records.count) sound records in \(path); \(setAside.unreadableBytes) bytes of it are damage. "
        + "An action record's \"action\" can be sent again with 'send'.\n"
    )
  }
}
