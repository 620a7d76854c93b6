import SwitchyardWire
import Testing

/// Runs every vector in `proto/vectors/`, the protocol's executable examples.
@Suite struct VectorTests {
  /// Splits a vector's bytes into its one frame's payload, or the frame error.
  private func payload(of vector: Vectors.Vector) throws -> [UInt8] {
    var decoder = FrameDecoder()
    decoder.append(contentsOf: vector.bytes)
    let payload = try #require(try decoder.next(), "\(vector.name): no whole frame")
    #expect(try decoder.next() == nil)
    try decoder.finish()
    return payload
  }

  private func check<Message>(
    _ vector: Vectors.Vector, decode: ([UInt8]) throws(WireError) -> Message, encode: (Message) -> [UInt8]
  ) throws {
    let payload = try payload(of: vector)
    if let json = vector.json {
      #expect(try WireJSONDecoder().parse(payload) == json, "\(vector.name): the payload is not the json shown")
    }
    let result: Result<Message, WireError>
    do throws(WireError) {
      result = .success(try decode(payload))
    } catch {
      result = .failure(error)
    }
    switch result {
    case let .success(message):
      let expected = try #require(vector.expect.message, "\(vector.name): decoded, but should have failed")
      #expect(try WireJSONDecoder().parse(encode(message)) == expected, "\(vector.name)")
    case let .failure(error):
      #expect(vector.expect.error == Vectors.form(of: error), "\(vector.name): \(error)")
    }
  }

  @Test(arguments: try Vectors.load("worker"))
  func workerVector(_ vector: Vectors.Vector) throws {
    try check(vector, decode: { (payload) throws(WireError) in try WorkerMessage(payload: payload) }, encode: { $0.encodedPayload() })
  }

  @Test(arguments: try Vectors.load("control"))
  func controlVector(_ vector: Vectors.Vector) throws {
    try check(vector, decode: { (payload) throws(WireError) in try ControlMessage(payload: payload) }, encode: { $0.encodedPayload() })
  }

  @Test(arguments: try Vectors.load("frames"))
  func frameVector(_ vector: Vectors.Vector) throws {
    for chunkSize in [Int.max, 1] {
      var decoder = FrameDecoder(maxFrameLength: vector.maxFrameLength ?? Frame.defaultMaxLength)
      var payloads: [String] = []
      var failure: FrameError?
      let bytes = vector.bytes
      var offset = 0
      reading: while offset < bytes.count {
        let end = min(bytes.count, offset + min(chunkSize, bytes.count))
        decoder.append(contentsOf: bytes[offset..<end])
        offset = end
        do throws(FrameError) {
          while let payload = try decoder.next() { payloads.append(Vectors.hex(payload)) }
        } catch {
          failure = error
          break reading
        }
      }
      if failure == nil {
        do throws(FrameError) { try decoder.finish() } catch { failure = error }
      }
      #expect(payloads == vector.expect.payloads, "\(vector.name), chunks of \(chunkSize)")
      #expect(failure.map(Vectors.form(of:)) == vector.expect.error, "\(vector.name), chunks of \(chunkSize)")
    }
  }
}
