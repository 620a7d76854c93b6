import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import SwitchyardNet
import SwitchyardUpstream

extension UpstreamService {
  /// GETs `path` with URLSession; the status and the body.
  func get(_ path: String) async throws -> (status: Int, body: Data) {
    let (data, response) = try await URLSession.shared.data(from: URL(string: baseURL + path)!)
    return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
  }

  /// GETs `path` and decodes the body as `type`, whatever the status.
  func get<Body: Decodable>(_ path: String, as type: Body.Type) async throws -> (status: Int, body: Body) {
    let (status, data) = try await get(path)
    return (status, try JSONDecoder().decode(Body.self, from: data))
  }

  /// Writes `bytes` on a fresh raw connection and returns all the service answers until it closes.
  func exchange(_ bytes: [UInt8]) async throws -> String {
    try await withRawConnection { socket in
      try socket.write(bytes)
      socket.shutdown(.writing)
      return String(decoding: socket.readUntilClosed(), as: UTF8.self)
    }
  }

  /// Runs `body` with a raw connection to the service on a thread of its own, since blocking
  /// socket work must stay off Swift's cooperative threads; closes the connection afterwards.
  func withRawConnection<Value: Sendable>(_ body: @escaping @Sendable (Socket) throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread { [port] in
        continuation.resume(with: Result {
          let socket = try Socket.connect(host: "127.0.0.1", port: port, deadline: .now + .seconds(20))
          defer { socket.close() }
          return try body(socket)
        })
      }
    }
  }
}

extension Socket {
  /// Everything the peer sends until it closes, or for at most thirty seconds.
  func readUntilClosed() -> [UInt8] {
    var received: [UInt8] = []
    let deadline = ContinuousClock.now + .seconds(30)
    while let chunk = try? read(upTo: 65_536, deadline: deadline), !chunk.isEmpty {
      received += chunk
    }
    return received
  }
}
