import SwitchyardWire

/// A ``WorkerHost``'s handlers running in the calling process: messages go in as a worker
/// process would read them, and its replies come out as values.
///
/// For a process that reads jobs from elsewhere, such as a broker's stream, and runs them with the
/// same handlers, fence and counters as a worker process, without a child and two pipe hops.
package struct InProcessWorker: Sendable {
  private let session: WorkerSession

  init(session: WorkerSession) {
    self.session = session
  }

  /// Handles `run`s, `cancel`s and `ping`s in order; what jobs that finish without suspending
  /// write leaves in one call of the reply sink. A `shutdown` exits the process, as it would a
  /// worker process, so send none.
  package func handle(_ messages: [WorkerMessage]) {
    session.writer.hold()
    defer { session.writer.release() }
    for message in messages { session.handle(message) }
  }
}

extension WorkerHost {
  /// Runs this host's handlers in this process, handing every reply they make to `replies`, as
  /// values, on the thread that made it (possibly several at once, in order); `nil` when no
  /// handler serves ``kind``. `replies` must not call back into the worker.
  package func inProcess(replies: @escaping @Sendable ([WorkerReply]) -> Void) -> InProcessWorker? {
    guard handlers[kind.rawValue] != nil else { return nil }
    return InProcessWorker(session: WorkerSession(handlers: handlers, writer: InProcessReplies(sink: replies)))
  }

  /// Runs this host's handlers in this process, handing `frames` the frames a worker process
  /// would write for their replies.
  package func inProcess(frames: @escaping @Sendable ([UInt8]) -> Void) -> InProcessWorker? {
    inProcess { (replies: [WorkerReply]) in
      var bytes: [UInt8] = []
      for reply in replies { reply.appendFrame(to: &bytes) }
      frames(bytes)
    }
  }
}
