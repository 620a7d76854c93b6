import Foundation
import ComposableArchitecture
import SwitchyardRuntime
import Synchronization
import SwitchyardJournal
import SwitchyardWire

/// One effect a reduction returned, as its journal record's `effects` member lists it (proto/
/// JOURNAL.md, "Effects returned"): its kind, a remote job's pool and a digest of the job, and the
/// cancellation id it runs or cancels under.
///
/// Replay compares the effects the reducer returns now with these, as Temporal compares a
/// workflow's commands with its history: a reducer that now starts another job, or one more, has
/// diverged even where the state it reaches has not.
indirect enum RecordedEffect: Equatable, Sendable {
  case send
  case run
  /// A handled effect that is no remote job.
  case handled
  /// A remote job on `pool`; `job` is the CRC-32C of the job's JSON, written deterministically.
  case remote(pool: String, job: UInt32)
  case cancel(id: String)
  /// `effect`, cancellable with `id`.
  case cancellable(id: String, cancelInFlight: Bool, RecordedEffect)

  /// The effects `parts` lists, as a record holds them.
  static func summary(of parts: [EffectPart]) -> [RecordedEffect] {
    parts.map(RecordedEffect.init)
  }

  init(_ part: EffectPart) {
    var effect: RecordedEffect
    switch part.kind {
    case .send:
      effect = .send
    case .run, .handled:
      if let job = part.label as? any RemoteJob {
        effect = .remote(pool: type(of: job).kind.rawValue, job: Self.digest(of: job))
      } else {
        effect = if case .run = part.kind { .run } else { .handled }
      }
    case let .cancel(id):
      effect = .cancel(id: Self.text(of: id))
    }
    if let (id, cancelInFlight) = part.cancellable {
      effect = .cancellable(id: Self.text(of: id), cancelInFlight: cancelInFlight, effect)
    }
    self = effect
  }

  /// The CRC-32C of `job`'s JSON as the deterministic encoding writes it, in one pass with no tree
  /// unless the job holds a dictionary: 0 when it cannot be encoded, which replay then finds alike.
  static func digest(of job: some RemoteJob) -> UInt32 {
    var encoder = WireJSONEncoder()
    encoder.outputFormatting = .deterministic
    return (try? encoder.encode(job)).map { CRC32C.checksum($0) } ?? 0
  }

  /// A cancellation id as text that reads the same in every process: a string's or number's own
  /// text, a payload-less enum case's name, and for anything else, whose text may hold an address,
  /// its type's name.
  ///
  /// Reflection is paid once per type, and once per payload-less case: the texts are kept, as those
  /// of a program's types and cases are few, where a value's own text is never kept.
  static func text(of id: any Hashable & Sendable) -> String {
    if let string = id as? String { return string }
    if let lossless = id as? any LosslessStringConvertible { return lossless.description }
    let type = ObjectIdentifier(Swift.type(of: id))
    let key = AnyHashable(id)
    if let text = texts.withLock({ $0.types[type] ?? $0.cases[key] }) { return text }
    let mirror = Mirror(reflecting: id)
    if mirror.displayStyle == .enum, mirror.children.isEmpty {
      let text = withoutContextAddresses(String(reflecting: id))
      texts.withLock { $0.cases[key] = text }
      return text
    }
    let text = withoutContextAddresses(String(reflecting: Swift.type(of: id)))
    // An enum with payloads may have payload-less cases too, whose texts differ from its name.
    if mirror.displayStyle != .enum { texts.withLock { $0.types[type] = text } }
    return text
  }

  /// The texts ``text(of:)`` found: by type for a type that is no enum, by value for a
  /// payload-less case.
  private static let texts = Mutex<(types: [ObjectIdentifier: String], cases: [AnyHashable: String])>(([:], [:]))

  /// `text` without the "(unknown context at $55fd40f0de60)." that names a private or local
  /// type's scope: its address moves from process to process.
  static func withoutContextAddresses(_ text: String) -> String {
    var text = text
    while let start = text.range(of: "(unknown context at $"), let end = text.range(of: ").", range: start.upperBound..<text.endIndex) {
      text.removeSubrange(start.lowerBound..<end.upperBound)
    }
    return text
  }

  /// Closes the record's JSON object in `buffer` with the member `"effects":[…]` in place of its
  /// last `}`, written byte by byte: through `Codable` each effect cost a keyed container's generic
  /// lookups on the encoding thread.
  static func appendMember(_ effects: [RecordedEffect], closing buffer: inout [UInt8], encoder: WireJSONEncoder) throws {
    guard buffer.last == UInt8(ascii: "}") else { return }
    buffer.removeLast()
    buffer.append(contentsOf: #","effects":["#.utf8)
    for (index, effect) in effects.enumerated() {
      if index > 0 { buffer.append(UInt8(ascii: ",")) }
      try effect.append(to: &buffer, encoder: encoder)
    }
    buffer.append(contentsOf: "]}".utf8)
  }

  /// `{"kind":"remote","pool":"search","job":N,"cancellable":"search","cancelInFlight":true}`: the
  /// kind first, then what it has, `cancellable` and `cancelInFlight` only when it is cancellable
  /// (the latter only when true). Only the outermost `.cancellable` is written; a summary never
  /// nests another.
  private func append(to buffer: inout [UInt8], encoder: WireJSONEncoder) throws {
    var effect = self
    var cancellable: (id: String, cancelInFlight: Bool)?
    if case let .cancellable(id, cancelInFlight, inner) = self {
      cancellable = (id, cancelInFlight)
      effect = inner
    }
    switch effect {
    case .send: buffer.append(contentsOf: #"{"kind":"send""#.utf8)
    case .run: buffer.append(contentsOf: #"{"kind":"run""#.utf8)
    case .handled: buffer.append(contentsOf: #"{"kind":"handled""#.utf8)
    case let .remote(pool, job):
      buffer.append(contentsOf: #"{"kind":"remote","pool":"#.utf8)
      try encoder.encode(pool, appendingTo: &buffer)
      buffer.append(contentsOf: #","job":"#.utf8)
      EffectEndedRecord.appendDecimal(UInt64(job), to: &buffer)
    case let .cancel(id):
      buffer.append(contentsOf: #"{"kind":"cancel","id":"#.utf8)
      try encoder.encode(id, appendingTo: &buffer)
    case .cancellable:
      buffer.append(contentsOf: #"{"kind":"cancellable""#.utf8)
    }
    if let cancellable {
      buffer.append(contentsOf: #","cancellable":"#.utf8)
      try encoder.encode(cancellable.id, appendingTo: &buffer)
      if cancellable.cancelInFlight { buffer.append(contentsOf: #","cancelInFlight":true"#.utf8) }
    }
    buffer.append(UInt8(ascii: "}"))
  }
}

/// Reads an effect as ``RecordedEffect/appendMember(_:closing:encoder:)`` writes it.
extension RecordedEffect: Decodable {
  private enum CodingKeys: String, CodingKey {
    case kind, pool, job, id, cancellable, cancelInFlight
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let kind = try container.decode(String.self, forKey: .kind)
    var effect: RecordedEffect
    switch kind {
    case "send": effect = .send
    case "run": effect = .run
    case "remote":
      effect = .remote(pool: try container.decode(String.self, forKey: .pool), job: try container.decode(UInt32.self, forKey: .job))
    case "cancel": effect = .cancel(id: try container.decode(String.self, forKey: .id))
    // "handled", and any kind a newer version adds, reads as an effect of its own kind.
    default: effect = .handled
    }
    if let id = try container.decodeIfPresent(String.self, forKey: .cancellable) {
      effect = .cancellable(id: id, cancelInFlight: try container.decodeIfPresent(Bool.self, forKey: .cancelInFlight) ?? false, effect)
    }
    self = effect
  }
}
