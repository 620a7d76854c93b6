/// One command to send: its name and arguments, each binary-safe.
///
/// Build one with string arguments (`RedisCommand("SET", "key", "value")`) or append bytes with
/// ``appending(_:)-(String)``; the connection writes it as a RESP array of bulk strings.
public struct RedisCommand: Sendable, Equatable {
  /// The command's name, such as `XADD`, for error messages.
  public let name: String
  /// The name and the arguments so far, each already a RESP bulk string: a command is built
  /// into the bytes it is sent as, with no array per argument.
  private var body: [UInt8] = []
  /// How many bulk strings ``body`` holds.
  private var count = 0

  /// A command from its name and arguments.
  public init(_ name: String, _ arguments: String...) {
    self.init(name, arguments)
  }

  /// A command from its name and an array of arguments.
  public init(_ name: String, _ arguments: [String]) {
    self.name = name
    body.reserveCapacity(64)
    append(name)
    for argument in arguments { append(argument) }
  }

  /// This command with `argument` added at the end.
  public func appending(_ argument: String) -> RedisCommand {
    var command = self
    command.append(argument)
    return command
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
    appendBulk(argument)
  }

  mutating func append(_ argument: String) {
    // Copied as one contiguous run of bytes, not byte by byte through the UTF-8 view.
    var argument = argument
    argument.withUTF8 { appendBulk($0) }
  }

  /// Adds a non-negative integer argument in decimal, without a String in between.
  mutating func append(_ value: UInt64) {
    count += 1
    body.append(UInt8(ascii: "$"))
    Self.appendDecimal(UInt64(Self.digitCount(value)), to: &body)
    body.append(0x0D)
    body.append(0x0A)
    Self.appendDecimal(value, to: &body)
    body.append(0x0D)
    body.append(0x0A)
  }

  /// Adds a stream entry ID argument, `milliseconds-sequence`, without a String in between.
  mutating func append(_ id: StreamEntryID) {
    count += 1
    let length = Self.digitCount(id.milliseconds) + 1 + Self.digitCount(id.sequence)
    body.append(UInt8(ascii: "$"))
    Self.appendDecimal(UInt64(length), to: &body)
    body.append(0x0D)
    body.append(0x0A)
    Self.appendDecimal(id.milliseconds, to: &body)
    body.append(UInt8(ascii: "-"))
    Self.appendDecimal(id.sequence, to: &body)
    body.append(0x0D)
    body.append(0x0A)
  }

  private mutating func appendBulk(_ bytes: some Collection<UInt8>) {
    count += 1
    body.append(UInt8(ascii: "$"))
    Self.appendDecimal(UInt64(bytes.count), to: &body)
    body.append(0x0D)
    body.append(0x0A)
    body.append(contentsOf: bytes)
    body.append(0x0D)
    body.append(0x0A)
  }

  /// Appends the command in RESP, `*N` then `$len` and the bytes for each part.
  func encode(into buffer: inout [UInt8]) {
    buffer.append(UInt8(ascii: "*"))
    Self.appendDecimal(UInt64(count), to: &buffer)
    buffer.append(0x0D)
    buffer.append(0x0A)
    buffer.append(contentsOf: body)
  }

  private static func digitCount(_ value: UInt64) -> Int {
    var digits = 1
    var rest = value
    while rest >= 10 {
      rest /= 10
      digits += 1
    }
    return digits
  }

  /// The decimal digits of `value`, made last to first by dividing by the constant 10, which
  /// compiles to a multiplication (a division by a variable power of ten does not).
  private static func appendDecimal(_ value: UInt64, to buffer: inout [UInt8]) {
    guard value >= 10 else { return buffer.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value)) }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var index = digits.count
      var rest = value
      repeat {
        index -= 1
        digits[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
        rest /= 10
      } while rest > 0
      buffer.append(contentsOf: UnsafeBufferPointer(rebasing: digits[index...]))
    }
  }
}
