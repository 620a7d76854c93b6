import Foundation
import SwitchyardWire

/// The files in `proto/vectors/`, read from the repository this test file sits in.
enum Vectors {
  static let protoDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("proto")

  struct File: Decodable {
    var channel: String
    var vectors: [Vector]
  }

  struct Vector: Decodable, CustomStringConvertible {
    var name: String
    var hex: String
    var json: JSONValue?
    var maxFrameLength: Int?
    var expect: Expectation

    var description: String { name }
    var bytes: [UInt8] { Vectors.bytes(fromHex: hex) }
  }

  struct Expectation: Decodable {
    var message: JSONValue?
    var error: JSONValue?
    var payloads: [String]?
  }

  static func load(_ name: String) throws -> [Vector] {
    let data = try Data(contentsOf: protoDirectory.appendingPathComponent("vectors/\(name).json"))
    return try WireJSONDecoder().decode(File.self, from: data).vectors
  }

  static func bytes(fromHex hex: String) -> [UInt8] {
    let digits = Array(hex.utf8)
    return stride(from: 0, to: digits.count, by: 2).map { index in
      UInt8(String(decoding: digits[index..<(index + 2)], as: UTF8.self), radix: 16)!
    }
  }

  static func hex(_ bytes: [UInt8]) -> String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }

  /// How the vectors write each error.
  static func form(of error: WireError) -> JSONValue {
    switch error {
    case let .frame(frameError): return form(of: frameError)
    case let .invalidUTF8(offset): return ["case": "invalidUTF8", "offset": .int(Int64(offset))]
    case let .invalidJSON(offset, _): return ["case": "invalidJSON", "offset": .int(Int64(offset))]
    case .notAnObject: return ["case": "notAnObject"]
    case .missingType: return ["case": "missingType"]
    case let .unknownType(type): return ["case": "unknownType", "type": .string(type)]
    case let .missingField(type, field): return ["case": "missingField", "type": .string(type), "field": .string(field)]
    case let .mistypedField(type, field, expected):
      return ["case": "mistypedField", "type": .string(type), "field": .string(field), "expected": .string(expected)]
    case let .versionMismatch(local, remote):
      return ["case": "versionMismatch", "local": .string(local), "remote": .string(remote)]
    }
  }

  static func form(of error: FrameError) -> JSONValue {
    switch error {
    case .emptyFrame: return ["case": "emptyFrame"]
    case let .lengthOverLimit(length, limit):
      return ["case": "lengthOverLimit", "length": .int(Int64(length)), "limit": .int(Int64(limit))]
    case let .truncatedHeader(received): return ["case": "truncatedHeader", "received": .int(Int64(received))]
    case let .truncatedPayload(expected, received):
      return ["case": "truncatedPayload", "expected": .int(Int64(expected)), "received": .int(Int64(received))]
    }
  }
}
