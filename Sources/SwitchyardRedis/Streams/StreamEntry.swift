/// One entry of a stream: its ID and its field–value pairs, in the order they were added.
public struct StreamEntry: Sendable, Equatable {
  /// The entry's ID.
  public var id: StreamEntryID
  /// The entry's fields; `nil` when the entry was deleted while still pending for a consumer,
  /// which Redis reports when the pending history is read.
  public var fields: [StreamField]?

  /// Creates an entry.
  public init(id: StreamEntryID, fields: [StreamField]?) {
    self.id = id
    self.fields = fields
  }

  /// The value of the first field named `name`.
  public subscript(field name: String) -> [UInt8]? {
    fields?.first { $0.name == name }?.value
  }

  /// Reads `[id, [field, value, …]]` (the value list may be null for a deleted entry).
  init(reply: RedisValue, command: String) throws(RedisError) {
    guard let parts = reply.elements, parts.count == 2 else {
      throw .unexpectedReply(command: command, reply: reply.summary)
    }
    id = try StreamEntryID(reply: parts[0], command: command)
    if parts[1] == .null {
      fields = nil
      return
    }
    guard let flat = parts[1].elements, flat.count.isMultiple(of: 2) else {
      throw .unexpectedReply(command: command, reply: parts[1].summary)
    }
    var fields: [StreamField] = []
    fields.reserveCapacity(flat.count / 2)
    for index in stride(from: 0, to: flat.count, by: 2) {
      guard let name = flat[index].string, let value = flat[index + 1].bytes else {
        throw .unexpectedReply(command: command, reply: flat[index].summary)
      }
      fields.append(StreamField(name, value))
    }
    self.fields = fields
  }

  /// Reads a list of entries.
  static func list(_ reply: RedisValue, command: String) throws(RedisError) -> [StreamEntry] {
    guard let elements = reply.elements else { throw .unexpectedReply(command: command, reply: reply.summary) }
    var entries: [StreamEntry] = []
    entries.reserveCapacity(elements.count)
    for element in elements { entries.append(try StreamEntry(reply: element, command: command)) }
    return entries
  }
}
