extension ControlServer {
  /// A client as both threads see it, under the server's lock: its descriptor, its channel, and
  /// the latest unwritten value of each of its subscriptions.
  ///
  /// The latest values count against the client's reply limit with what its channel holds, so
  /// a client that subscribes much and reads nothing costs at most that limit.
  struct Client {
    let fd: Int32
    let channel: FrameChannel
    private(set) var latest: [UInt64: [UInt8]] = [:]
    /// The bytes of `latest`'s frames.
    private(set) var latestBytes = 0

    init(fd: Int32, channel: FrameChannel) {
      self.fd = fd
      self.channel = channel
    }

    /// Whether anything waits to be written to the client.
    var wantsWrite: Bool { channel.wantsWrite || !latest.isEmpty }

    /// The bytes the client would hold unread with `frame` kept as subscription `id`'s latest value.
    func heldBytes(keeping frame: [UInt8], for id: UInt64) -> Int {
      channel.pendingBytes + latestBytes - (latest[id]?.count ?? 0) + frame.count
    }

    /// Keeps `frame` as subscription `id`'s latest value, replacing one not yet written.
    mutating func keep(_ frame: [UInt8], for id: UInt64) {
      latestBytes += frame.count - (latest.updateValue(frame, forKey: id)?.count ?? 0)
    }

    /// Forgets subscription `id`'s unwritten value.
    mutating func forget(_ id: UInt64) {
      latestBytes -= latest.removeValue(forKey: id)?.count ?? 0
    }

    /// Takes every unwritten latest value, to be written.
    mutating func takeLatest() -> [[UInt8]] {
      defer {
        latest.removeAll()
        latestBytes = 0
      }
      return Array(latest.values)
    }
  }
}
