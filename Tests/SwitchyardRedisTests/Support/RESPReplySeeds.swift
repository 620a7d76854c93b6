/// Valid replies for the fuzz tests to mutate: every RESP2 and RESP3 type, nested aggregates, and
/// the stream replies the transport reads most, as a Redis 7 server writes them.
enum RESPReplySeeds {
  /// One value of each scalar type.
  static let scalars = [
    "+OK\r\n", "-WRONGTYPE Operation against a key holding the wrong kind of value\r\n", ":0\r\n", ":-9223372036854775808\r\n",
    ":9223372036854775807\r\n", "$5\r\nhe\r\no\r\n", "$0\r\n\r\n", "$-1\r\n", "*-1\r\n", "_\r\n", ",3.25\r\n", ",-1.5e-7\r\n",
    ",inf\r\n", ",-inf\r\n", ",nan\r\n", "#t\r\n", "#f\r\n", "(3492890328409238509324850943850943825024385\r\n",
    "(-17\r\n", "=15\r\ntxt:Some string\r\n", "!21\r\nSYNTAX invalid syntax\r\n",
  ]

  /// Aggregates of every kind, nested, with an attribute and a push where RESP3 allows them.
  static let aggregates = [
    "*3\r\n$3\r\nabc\r\n*2\r\n:1\r\n%1\r\n+k\r\n$2\r\nvv\r\n_\r\n",
    "%2\r\n+first\r\n*2\r\n:1\r\n:2\r\n$6\r\nsecond\r\n~2\r\n#t\r\n,0.5\r\n",
    "~3\r\n+a\r\n+b\r\n+c\r\n",
    "|1\r\n+key-popularity\r\n%2\r\n$1\r\na\r\n,0.1923\r\n$1\r\nb\r\n,0.0012\r\n*2\r\n:2039123\r\n:9543892\r\n",
    ">3\r\n$10\r\ninvalidate\r\n*1\r\n$3\r\nkey\r\n+extra\r\n+OK\r\n",
    "*1\r\n*1\r\n*1\r\n*1\r\n*1\r\n*1\r\n*1\r\n*0\r\n",
    "*0\r\n", "%0\r\n", "~0\r\n",
    "*3\r\n+OK\r\n-ERR inside a transaction\r\n:3\r\n",
  ]

  /// What `HELLO 3` answers, the first reply of every RESP3 connection.
  static let hello =
    "%7\r\n$6\r\nserver\r\n$5\r\nredis\r\n$7\r\nversion\r\n$5\r\n7.2.4\r\n$5\r\nproto\r\n:3\r\n$2\r\nid\r\n:5\r\n"
    + "$4\r\nmode\r\n$10\r\nstandalone\r\n$4\r\nrole\r\n$6\r\nmaster\r\n$7\r\nmodules\r\n*0\r\n"

  /// `XREAD`/`XREADGROUP` replies: RESP2's array of `[key, entries]`, RESP3's map, a deleted
  /// entry's null fields in both forms, an empty entry list, and a timed-out read's null.
  static let streamReads = [
    "*2\r\n*2\r\n$4\r\njobs\r\n*2\r\n*2\r\n$15\r\n1700000000000-0\r\n*4\r\n$7\r\nmessage\r\n$9\r\n{\"a\":\"b\"}\r\n"
      + "$10\r\ngeneration\r\n$1\r\n3\r\n*2\r\n$4\r\n12-7\r\n*-1\r\n*2\r\n$7\r\nhandoff\r\n*0\r\n",
    "%1\r\n$7\r\nreplies\r\n*3\r\n*2\r\n$3\r\n5-1\r\n*2\r\n$6\r\nworker\r\n$0\r\n\r\n*2\r\n$3\r\n5-2\r\n_\r\n"
      + "*2\r\n$1\r\n6\r\n*0\r\n",
    "%2\r\n$4\r\njobs\r\n*1\r\n*2\r\n$3\r\n1-1\r\n*2\r\n$1\r\nk\r\n$1\r\nv\r\n$4\r\nmore\r\n*0\r\n",
    "*-1\r\n", "_\r\n",
    "-NOGROUP No such key 'jobs' or consumer group 'g' in XREADGROUP with GROUP option\r\n",
  ]

  /// Replies to the other stream commands the queue sends.
  static let streamCommands = [
    // XAUTOCLAIM: next start, claimed entries, deleted IDs.
    "*3\r\n$3\r\n0-0\r\n*1\r\n*2\r\n$15\r\n1700000000000-0\r\n*2\r\n$7\r\nmessage\r\n$2\r\nhi\r\n*1\r\n$3\r\n5-1\r\n",
    // XPENDING in sum, then in detail.
    "*4\r\n:2\r\n$3\r\n1-0\r\n$3\r\n2-0\r\n*1\r\n*2\r\n$2\r\nw1\r\n$1\r\n2\r\n",
    "*4\r\n:0\r\n_\r\n_\r\n*-1\r\n",
    "*2\r\n*4\r\n$3\r\n1-0\r\n$2\r\nw1\r\n:5000\r\n:1\r\n*4\r\n$3\r\n2-0\r\n$2\r\nw2\r\n:12\r\n:3\r\n",
    // XINFO GROUPS in RESP3, and XADD's new ID.
    "*1\r\n%4\r\n$4\r\nname\r\n$1\r\ng\r\n$9\r\nconsumers\r\n:1\r\n$7\r\npending\r\n:0\r\n$17\r\nlast-delivered-id\r\n$3\r\n0-0\r\n",
    "$15\r\n1700000000000-3\r\n",
  ]

  /// Every seed, as bytes.
  static let all: [[UInt8]] = (scalars + aggregates + [hello] + streamReads + streamCommands).map { Array($0.utf8) }
}
