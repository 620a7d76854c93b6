@testable import SwitchyardRedis

/// What a ``RESPParser`` made of some bytes fed in pieces: the replies it returned, in order, and
/// the error it stopped at (`nil`: it wants more bytes).
struct ReplyParse: Equatable, CustomStringConvertible {
  /// One reply, as ``RESPParser/next()`` or ``RESPParser/nextStreamReads()`` returned it.
  enum Reply: Equatable {
    case value(RedisValue)
    case reads([StreamRead])
  }

  var replies: [Reply] = []
  var error: RESPProtocolError?
  /// The parser returned more replies than there were bytes: it returned one without consuming it.
  var looped = false
  /// After the error, a call of `next` with more bytes returned a reply instead of refusing again.
  var returnedAfterError: Reply?

  /// Feeds `bytes` to a parser with `limits`, cut before each of `cuts`, taking replies with
  /// ``RESPParser/nextStreamReads()`` when `streamReads` is set, else with ``RESPParser/next()``.
  init(_ bytes: [UInt8], cuts: [Int] = [], limits: RESPLimits, streamReads: Bool) {
    var parser = RESPParser(limits: limits)
    var from = 0
    for cut in cuts.filter({ $0 > 0 && $0 < bytes.count }).sorted() + [bytes.count] where cut > from {
      parser.append(bytes[from..<cut])
      from = cut
      do throws(RESPProtocolError) {
        while let reply = try Self.next(&parser, streamReads: streamReads) {
          replies.append(reply)
          if replies.count > bytes.count {
            looped = true
            return
          }
        }
      } catch {
        self.error = error
        // The connection closes after an error, but whatever the parser is asked next, it must
        // not take the bytes it refused, or what follows them, for a reply.
        parser.append(Array("+OK\r\n".utf8))
        returnedAfterError = try? Self.next(&parser, streamReads: streamReads)
        return
      }
    }
  }

  private static func next(_ parser: inout RESPParser, streamReads: Bool) throws(RESPProtocolError) -> Reply? {
    guard streamReads else { return try parser.next().map(Reply.value) }
    switch try parser.nextStreamReads() {
    case nil: return nil
    case let .reads(reads)?: return .reads(reads)
    case let .value(value)?: return .value(value)
    }
  }

  /// Whether `self`, read by the stream-read path, says what `general` says: a read in place
  /// gives the entries that ``StreamRead/list(_:command:)`` finds in the general parser's value.
  func agrees(withGeneral general: ReplyParse) -> Bool {
    guard replies.count == general.replies.count, error == general.error, looped == general.looped else { return false }
    return zip(replies, general.replies).allSatisfy { fast, value in
      switch (fast, value) {
      case let (.reads(reads), .value(value)): (try? StreamRead.list(value, command: "XREAD")) == reads
      default: Self.same(fast, value)
      }
    }
  }

  static func == (lhs: ReplyParse, rhs: ReplyParse) -> Bool {
    lhs.error == rhs.error && lhs.looped == rhs.looped && lhs.replies.count == rhs.replies.count
      && zip(lhs.replies, rhs.replies).allSatisfy(same)
      && (lhs.returnedAfterError == nil) == (rhs.returnedAfterError == nil)
  }

  /// Whether `self` returned the replies of `prefix` first, whatever it did after them.
  func begins(with prefix: ReplyParse) -> Bool {
    replies.count >= prefix.replies.count && zip(replies, prefix.replies).allSatisfy(Self.same)
  }

  /// Equal, counting `nan` doubles as the same.
  private static func same(_ lhs: Reply, _ rhs: Reply) -> Bool {
    lhs == rhs || "\(lhs)" == "\(rhs)"
  }

  var description: String {
    let shown = replies.prefix(4).map { "\($0)".prefix(200) }
    return "\(replies.count) replies \(shown), then \(error.map { "\($0)" } ?? "wants more")"
      + (looped ? ", looping" : "") + (returnedAfterError.map { ", then returned \($0) after its error" } ?? "")
  }
}
