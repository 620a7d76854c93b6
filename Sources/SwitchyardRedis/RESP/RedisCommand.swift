/// One command to send: its name and arguments, each binary-safe.
///
/// Build one with string arguments (`RedisCommand("SET", "key", "value")`) or append bytes with
/// ``appending(_:)-(String)``; the connection writes it as a RESP array of bulk strings.
public struct RedisCommand: Sendable, Equatable {
  /// The name first, then the arguments, as the server receives them.
  public private(set) var parts: [[UInt8]]

  /// A command from its name and arguments.
  public init(_ name: String, _ arguments: String...) {
    self.init(name, arguments)
  }

  /// A command from its name and an array of arguments.
  public init(_ name: String, _ arguments: [String]) {
    parts = [Array(name.utf8)] + arguments.map { Array($0.utf8) }
  }

  /// This command with `argument` added at the end.
  public func appending(_ argument: String) -> RedisCommand {
    appending(Array(argument.utf8))
  }

  /// This command with the bytes `argument` added at the end.
  public func appending(_ argument: [UInt8]) -> RedisCommand {
    var command = self
    command.parts.append(argument)
    return command
  }

  /// The command's name, such as `XADD`, for error messages.
  public var name: String {
    String(decoding: parts[0], as: UTF8.self)
  }

  /// Appends the command in RESP, `*N` then `$len` and the bytes for each part.
  func encode(into buffer: inout [UInt8]) {
    appendHeader(UInt8(ascii: "*"), parts.count, to: &buffer)
    for part in parts {
      appendHeader(UInt8(ascii: "$"), part.count, to: &buffer)
      buffer.append(contentsOf: part)
      buffer.append(contentsOf: [0x0D, 0x0A])
    }
  }

  private func appendHeader(_ type: UInt8, _ count: Int, to buffer: inout [UInt8]) {
    buffer.append(type)
    buffer.append(contentsOf: String(count).utf8)
    buffer.append(contentsOf: [0x0D, 0x0A])
  }
}
