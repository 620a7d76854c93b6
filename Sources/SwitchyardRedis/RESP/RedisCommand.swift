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
    command.append(argument)
    return command
  }

  /// Adds an argument in place: building a long command by ``appending(_:)-([UInt8])`` copies
  /// its arguments at every step.
  mutating func append(_ argument: [UInt8]) {
    parts.append(argument)
  }

  mutating func append(_ argument: String) {
    parts.append(Array(argument.utf8))
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
      buffer.append(0x0D)
      buffer.append(0x0A)
    }
  }

  private func appendHeader(_ type: UInt8, _ count: Int, to buffer: inout [UInt8]) {
    buffer.append(type)
    // The decimal digits of a non-negative count, without a String in between.
    var divisor = 1
    while divisor <= count / 10 { divisor *= 10 }
    var rest = count
    repeat {
      buffer.append(UInt8(ascii: "0") + UInt8(rest / divisor))
      rest %= divisor
      divisor /= 10
    } while divisor > 0
    buffer.append(0x0D)
    buffer.append(0x0A)
  }
}
