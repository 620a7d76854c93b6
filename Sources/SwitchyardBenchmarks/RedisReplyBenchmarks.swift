import SwitchyardRedis

/// What a long Redis reply costs the client when it arrives in many reads rather than one: the
/// parser checks each read's bytes once and parses the reply once it is all in, so the ratio stays
/// near one however many reads there are.
enum RedisReplyBenchmarks {
  static var cases: [BenchmarkCase] {
    [splitReads]
  }

  /// A stream read of 10,000 entries (about 2 MiB), fed 64 KiB at a time, over the same fed whole.
  static var splitReads: BenchmarkCase {
    BenchmarkCase(
      name: "redis.reply.split-reads",
      summary: "a 10,000-entry stream read parsed as it arrives in 64 KiB reads, over the same parsed whole",
      target: .atMostRatio(1.5)
    ) { harness in
      let reply = streamRead(entries: harness.mode == .full ? 10_000 : 500)
      let read = 64 * 1_024
      let (split, whole) = try await harness.compare { operations in
        for _ in 0..<operations {
          var parser = RESPParser()
          var value: RedisValue?
          var offset = 0
          while value == nil, offset < reply.count {
            parser.append(reply[offset..<min(offset + read, reply.count)])
            offset += read
            value = try parser.next()
          }
          guard let value else { throw RedisBenchmarkError.noReply }
          blackHole(value)
        }
      } with: { operations in
        for _ in 0..<operations {
          var parser = RESPParser()
          parser.append(reply)
          guard let value = try parser.next() else { throw RedisBenchmarkError.noReply }
          blackHole(value)
        }
      }
      // The median of neighbouring batches' ratios: neighbours see the same load.
      let ratios = zip(split.perBatch, whole.perBatch).map { $0 / $1 }.sorted()
      return BenchmarkMeasurement(
        value: ratios.isEmpty ? .nan : ratios[ratios.count / 2],
        unit: .ratio,
        note: "\(BenchmarkUnit.nanoseconds.format(split.medianNanoseconds)) in \((reply.count + read - 1) / read) reads vs "
          + "\(BenchmarkUnit.nanoseconds.format(whole.medianNanoseconds)) whole, \(reply.count) B"
      )
    }
  }

  /// An `XREADGROUP` reply as RESP3 sends it: one stream's entries, each a run with a JSON job.
  private static func streamRead(entries: Int) -> [UInt8] {
    func bulk(_ text: String) -> String { "$\(text.utf8.count)\r\n\(text)\r\n" }
    var reply = "%1\r\n" + bulk("switchyard:jobs:search") + "*\(entries)\r\n"
    for index in 0..<entries {
      let job = #"{"effect":\#(index),"generation":1,"kind":"search","job":{"query":"q\#(index)"},"deadlineMillis":30000}"#
      reply += "*2\r\n" + bulk("1700000000000-\(index)") + "*4\r\n" + bulk("kind") + bulk("run") + bulk("body") + bulk(job)
    }
    return Array(reply.utf8)
  }
}
