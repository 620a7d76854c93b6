extension ControlRequestMutator {
  /// A `send` the coordinator must take, spelled as no encoder would write it: integers with
  /// fractions and exponents or at their type's ends, names of escapes, combining marks and
  /// surrogate pairs, unknown members nested near the depth limit, repeated keys (the first is
  /// read). Each is journaled as the very bytes it came in, and `verify` must replay them alike.
  mutating func oddButValidSend(id: UInt64) -> FuzzJSON {
    func pick<T>(_ choices: [T]) -> T { choices.randomElement(using: &random)! }
    var job: [(key: [UInt8], value: FuzzJSON)] = [
      (Array("tag".utf8), .string(pick(Self.oddNames))),
      (Array("outputs".utf8), .number(pick(["1", "1.0", "1e0", "10E-1", "0", "-0", "2", "0.2e1"]))),
    ]
    let optional: [(String, [String])] = [
      ("timeoutMillis", ["1e3", "5000.0", "9223372036854775807", "-9223372036854775808", "0", "-1", "null"]),
      ("queueTimeoutMillis", ["1", "9223372036854775807", "-9223372036854775808", "0", "null"]),
      ("intervalMillis", ["0", "1", "-5", "1e1"]),
      ("retryable", ["true", "false"]),
      ("resumes", ["true", "false"]),
    ]
    for (key, values) in optional where random.chance(30) {
      job.append((Array(key.utf8), .number(pick(values))))
    }
    if random.chance(25) {
      // Eight seconds a job: enough of them fill the pool's 64 slots a worker, so jobs queue and are
      // dispatched as slots free, their clocks already running.
      job[1].value = .number("8")
      job.append((Array("intervalMillis".utf8), .number("1000")))
    }
    if random.chance(20) { job.append((Array("affinity".utf8), .string(pick(Self.oddNames)))) }
    if random.chance(20) {
      // An unknown member the decoder skips, within the 512 levels the frame may hold (the job
      // sits at level 4); its bytes still reach the journal.
      let levels = Int.random(in: 400...508, using: &random)
      let nested = [UInt8](repeating: UInt8(ascii: "["), count: levels) + [UInt8](repeating: UInt8(ascii: "]"), count: levels)
      job.insert((Array("nested".utf8), .literal(nested)), at: Int.random(in: 0...job.count, using: &random))
    }
    if random.chance(20) { job.append((Array("tag".utf8), .number("12"))) }
    var start: [(key: [UInt8], value: FuzzJSON)] = [
      (Array("name".utf8), .string(pick(Self.oddNames))),
      (Array("job".utf8), .object(job)),
      (Array("cancelInFlight".utf8), .number(pick(["true", "false"]))),
    ]
    if random.chance(20) { start.append((Array("name".utf8), .string(pick(Self.oddNames)))) }
    start.shuffle(using: &random)
    var action: [(key: [UInt8], value: FuzzJSON)] = [(Array("start".utf8), .object(start))]
    if random.chance(30) {
      action = [(Array("cancel".utf8), .members(["name": .string(pick(Self.oddNames))]))]
    }
    if random.chance(15) { action.append((Array("cancel".utf8), .members(["name": .text("fz1")]))) }
    if random.chance(5) {
      // The probe's trap, naming variables every environment sets: it must arm on none of them.
      action = [(Array("trap".utf8), .members(["whenSet": .text(pick(["PATH", "HOME", "SWITCHYARD_UNSET"]))]))]
    }
    return .members(["type": .text("send"), "id": .number("\(id)"), "action": .object(action)])
  }

  /// Valid string contents, as written between the quotes.
  static let oddNames: [[UInt8]] = [
    Array("fz1".utf8), Array("fz2".utf8), Array("é".utf8), Array(#"\u00e9"#.utf8), Array("e\u{301}".utf8),
    Array(#"e\u0301"#.utf8), Array(#"\ud83d\ude00"#.utf8), Array("😀".utf8), Array(#"\u0000x"#.utf8),
    Array(#"tab\there"#.utf8), Array(#"\"quoted\""#.utf8), Array(#"back\\slash"#.utf8), Array(#"\/"#.utf8),
    Array("".utf8), Array("a.b".utf8), Array("id=1".utf8), Array("\u{FEFF}bom".utf8), Array("\u{202E}rtl".utf8),
    Array("Ａ".utf8), Array(#"\uFFFF"#.utf8), Array("\u{10FFFF}".utf8), [UInt8](repeating: UInt8(ascii: "n"), count: 10_000),
  ]
}
