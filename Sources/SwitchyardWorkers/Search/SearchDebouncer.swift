import Synchronization

/// Which query of each session is the latest: the search worker's debounce bookkeeping.
///
/// Each job takes a ticket for its session on arrival and, after the debounce window, searches only
/// if no later ticket was taken for that session meanwhile. "Later" is the job's
/// ``SearchJob/sequence`` first and its arrival second, so a superseded query whose task happens to
/// start after the latest one's cannot take the window from it. A session's entry lives only while
/// one of its jobs is waiting, so sessions that stop typing leave nothing behind.
final class SearchDebouncer: Sendable {
  /// A job's place in its session's order of queries.
  struct Ticket: Comparable, Sendable {
    let session: String
    let sequence: Int
    let arrival: UInt64

    static func < (lhs: Ticket, rhs: Ticket) -> Bool {
      (lhs.sequence, lhs.arrival) < (rhs.sequence, rhs.arrival)
    }
  }

  private struct Session {
    var latest: Ticket
    var waiting: Int
  }

  private struct Sessions {
    var arrivals: UInt64 = 0
    var bySession: [String: Session] = [:]
  }

  private let sessions = Mutex(Sessions())

  /// Takes a ticket for `session`'s query number `sequence`, superseding every earlier one.
  func enter(_ session: String, sequence: Int) -> Ticket {
    sessions.withLock { sessions in
      sessions.arrivals += 1
      let ticket = Ticket(session: session, sequence: sequence, arrival: sessions.arrivals)
      if var entry = sessions.bySession[session] {
        entry.latest = max(entry.latest, ticket)
        entry.waiting += 1
        sessions.bySession[session] = entry
      } else {
        sessions.bySession[session] = Session(latest: ticket, waiting: 1)
      }
      return ticket
    }
  }

  /// Whether no later ticket has been taken for the ticket's session.
  func isLatest(_ ticket: Ticket) -> Bool {
    sessions.withLock { $0.bySession[ticket.session]?.latest == ticket }
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
