import Synchronization

/// Which query of each session is the latest: the search worker's debounce bookkeeping.
///
/// Each job takes a ticket for its session on arrival and, after the debounce window, searches only
/// if no later ticket was taken for that session meanwhile. A session's entry lives only while one
/// of its jobs is waiting, so sessions that stop typing leave nothing behind.
final class SearchDebouncer: Sendable {
  /// A job's place in its session's sequence of queries.
  struct Ticket: Sendable {
    let session: String
    let number: UInt64
  }

  private struct Session {
    var latest: UInt64
    var waiting: Int
  }

  private struct Sessions {
    var issued: UInt64 = 0
    var bySession: [String: Session] = [:]
  }

  private let sessions = Mutex(Sessions())

  /// Takes the next ticket for `session`, superseding every earlier one.
  func enter(_ session: String) -> Ticket {
    sessions.withLock { sessions in
      sessions.issued += 1
      let waiting = sessions.bySession[session]?.waiting ?? 0
      sessions.bySession[session] = Session(latest: sessions.issued, waiting: waiting + 1)
      return Ticket(session: session, number: sessions.issued)
    }
  }

  /// Whether no later ticket has been taken for the ticket's session.
  func isLatest(_ ticket: Ticket) -> Bool {
    sessions.withLock { $0.bySession[ticket.session]?.latest == ticket.number }
  }

  /// Returns a ticket; the session's entry goes once no job of it is waiting.
  func leave(_ ticket: Ticket) {
    sessions.withLock { sessions in
      guard let session = sessions.bySession[ticket.session] else { return }
      if session.waiting > 1 {
        sessions.bySession[ticket.session]?.waiting -= 1
      } else {
        sessions.bySession[ticket.session] = nil
      }
    }
  }

  /// How many sessions have a job waiting.
  var activeSessions: Int {
    sessions.withLock { $0.bySession.count }
  }
}
