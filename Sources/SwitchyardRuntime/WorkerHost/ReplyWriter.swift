/// Where a worker's replies go, in the order they were enqueued: framed onto a pipe
/// (``FrameWriter``), or handed on as values (``InProcessReplies``).
protocol ReplyWriter: Sendable {
  /// Queues a reply, handing it on at once unless someone holds the writer.
  func enqueue(_ reply: WorkerReply)
  /// Keeps replies back until the matching ``release()``, so those enqueued meanwhile leave
  /// together.
  func hold()
  /// Ends a ``hold()``, handing on what it kept back.
  func release()
  /// Blocks until everything enqueued so far has left.
  func flush()
  /// How many bytes wait to leave: what an `emit` waits on while the coordinator is far behind.
  var pendingBytes: Int { get }
}
