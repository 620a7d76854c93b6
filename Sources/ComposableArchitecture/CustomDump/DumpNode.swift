import Foundation
import Synchronization

/// A value taken apart by reflection into the tree that ``customDump(_:)`` prints and ``diff(_:_:format:)`` compares.
///
/// Diffing trees rather than printed lines is what lets a failure show the path to what changed —
/// the struct, the field, the array element — and fold everything else away.
indirect enum DumpNode: Equatable {
  /// A value printed whole: a number, a bool, a value's custom description.
  case leaf(String)
  /// A string, printed as a literal: quoted, raw (`#"…"#`) when it holds quotes or backslashes, and
  /// as a multi-line `"""` literal when it holds newlines.
  case string(String)
  /// A case without a payload: `Type.case` when dumped alone, `.case` inside another value.
  case enumCase(type: String, name: String)
  /// A value with parts: a struct, a class, a tuple, a collection or an enum case with a payload.
  case composite(Kind, children: [Child])

  /// What a composite value is, which decides how it prints and how its parts line up in a diff.
  enum Kind: Equatable {
    /// `Type(field: …)`: a struct or class, its fields matched by label.
    case structure(String)
    /// `(…)`: a tuple, its elements matched by position.
    case tuple
    /// `Type.case(…)`: an enum case with its payload.
    case payload(type: String, name: String)
    /// `[[0]: …]`: elements that may be inserted or removed.
    case collection
    /// `Set([…])`: elements in the order of their dumps.
    case set
    /// `[key: …]`: entries labelled by their keys' dumps; a `Dictionary`'s `sorted` by them, an
    /// ordered one's (a ``StackState``) in its own order.
    case dictionary(sorted: Bool)
  }

  /// One part of a composite value.
  struct Child: Equatable {
    var label: String?
    var node: DumpNode
  }

  /// Reflects `value` into a tree; `depth` stops runaway recursion through cyclic references.
  init(_ value: Any, depth: Int = 0) {
    guard depth < 48 else {
      self = .leaf("…")
      return
    }
    if let wrapper = value as? any DumpedAsWrappedValue {
      self = DumpNode(wrapper.dumpedValue, depth: depth + 1)
      return
    }
    if let string = value as? any StringProtocol {
      self = .string(String(string))
      return
    }
    if let leaf = DumpNode.leafDescription(of: value) {
      self = .leaf(leaf)
      return
    }
    let mirror = Mirror(reflecting: value)
    let typeName = DumpNode.typeName(type(of: value))
    func children(_ mirror: Mirror) -> [Child] {
      mirror.children.map { Child(label: $0.label, node: DumpNode($0.value, depth: depth + 1)) }
    }
    switch mirror.displayStyle {
    case .optional:
      self = mirror.children.first.map { DumpNode($0.value, depth: depth + 1) } ?? .leaf("nil")
    case .enum:
      guard let payload = mirror.children.first else {
        self = .enumCase(type: typeName, name: "\(value)")
        return
      }
      let payloadMirror = Mirror(reflecting: payload.value)
      let parts: [Child] =
        payloadMirror.displayStyle == .tuple
        ? payloadMirror.children.map {
          Child(label: DumpNode.tupleLabel($0.label), node: DumpNode($0.value, depth: depth + 1))
        }
        : [Child(label: nil, node: DumpNode(payload.value, depth: depth + 1))]
      self = .composite(.payload(type: typeName, name: payload.label ?? "@unknown"), children: parts)
    case .tuple:
      let parts = mirror.children.map {
        Child(label: DumpNode.tupleLabel($0.label), node: DumpNode($0.value, depth: depth + 1))
      }
      self = .composite(.tuple, children: parts)
    case .collection:
      self = .composite(.collection, children: children(mirror))
    case .set:
      let elements = children(mirror).map { (key: $0.node.dump(maxDepth: 1), child: $0) }
      self = .composite(.set, children: elements.sorted { $0.key < $1.key }.map(\.child))
    case .dictionary:
      let entries = mirror.children.map { pair -> Child in
        let elements = Array(Mirror(reflecting: pair.value).children)
        let key = elements.first.map { DumpNode($0.value, depth: depth + 1).dump(maxDepth: 1) } ?? "?"
        let value = elements.dropFirst().first.map { DumpNode($0.value, depth: depth + 1) } ?? .leaf("?")
        return Child(label: key, node: value)
      }
      guard value is any UnorderedCollection else {
        self = .composite(.dictionary(sorted: false), children: entries)
        return
      }
      self = .composite(.dictionary(sorted: true), children: entries.sorted { ($0.label ?? "") < ($1.label ?? "") })
    case .struct, .class:
      self = .composite(.structure(typeName), children: children(mirror))
    default:
      self = .leaf(String(describing: value))
    }
  }

  /// Values printed as a single token rather than taken apart.
  private static func leafDescription(of value: Any) -> String? {
    switch value {
    case let character as Character: return String(character).debugDescription
    case is any BinaryInteger, is any BinaryFloatingPoint, is Bool: return "\(value)"
    case let type as Any.Type: return "\(typeName(type)).self"
    case let uuid as UUID: return "UUID(\(uuid.uuidString))"
    case let date as Date: return "Date(\(date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))))"
    case let url as URL: return "URL(\(url.absoluteString))"
    case let duration as Duration: return "\(duration)"
    case let data as Data:
      let formatter = ByteCountFormatter()
      formatter.allowedUnits = .useBytes
      return "Data(\(formatter.string(fromByteCount: Int64(data.count))))"
    case let keyPath as AnyKeyPath: return "\(keyPath)"
    case let custom as any CustomDumpStringConvertible: return custom.customDumpDescription
    default: return nil
    }
  }

  /// A type's name as swift-custom-dump writes it, so TCA's messages read the same: without its
  /// module (`CounterFeature.State`), with `?`, `[…]` and `[…: …]` for optionals, arrays and
  /// dictionaries, and without generic arguments (`Result.success(1)`).
  static func typeName(_ type: Any.Type) -> String {
    if let cached = typeNames.withLock({ $0[ObjectIdentifier(type)] }) { return cached }
    var name = String(reflecting: type)
    // Private and local types carry an anonymous context: "(unknown context at $55b1d4801d10)."
    while let start = name.range(of: "(unknown context at "), let end = name[start.upperBound...].range(of: ").") {
      name.removeSubrange(start.lowerBound..<end.upperBound)
    }
    // Innermost first, until nothing changes: `Optional<Array<Int>>` becomes `[Int]?`.
    while true {
      let sugared = sugar.reduce(name) { name, rule in
        name.replacingOccurrences(of: rule.pattern, with: rule.template, options: .regularExpression)
      }
      if sugared == name { break }
      name = sugared
    }
    name = name.replacingOccurrences(of: #"\w+\.([\w.]+)"#, with: "$1", options: .regularExpression)
    name = name.replacingOccurrences(of: "<.+>", with: "", options: .regularExpression)
    typeNames.withLock { $0[ObjectIdentifier(type)] = name }
    return name
  }

  /// Names already worked out: dumping reads a type's name for every value of it.
  private static let typeNames = Mutex<[ObjectIdentifier: String]>([:])

  private static let sugar: [(pattern: String, template: String)] = [
    (#"\bSwift.Optional<([^><]+)>"#, "$1?"),
    (#"\bSwift.Array<([^><]+)>"#, "[$1]"),
    (#"\bSwift.Dictionary<([^,<]+), ([^><]+)>"#, "[$1: $2]"),
  ]

  /// Tuple labels: `.0`, `.1` are positions, not names.
  private static func tupleLabel(_ label: String?) -> String? {
    guard let label, !label.hasPrefix(".") else { return nil }
    return label
  }
}

/// A value that prints itself as one token in dumps and diffs, rather than being reflected.
///
/// For values whose stored properties are an implementation detail, such as closures.
protocol CustomDumpStringConvertible {
  var customDumpDescription: String { get }
}

extension BindingAction: CustomDumpStringConvertible {
  var customDumpDescription: String { description }
}


/// A collection whose order means nothing, dumped in the order of its elements' dumps.
private protocol UnorderedCollection {}

extension Dictionary: UnorderedCollection {}

/// A wrapper dumped and diffed as the value it wraps, so a test sees `count: 1`, not the box.
protocol DumpedAsWrappedValue {
  var dumpedValue: Any { get }
}

extension Shared: DumpedAsWrappedValue {
  var dumpedValue: Any { wrappedValue }
}

extension SharedReader: DumpedAsWrappedValue {
  var dumpedValue: Any { wrappedValue }
}

extension BindingState: DumpedAsWrappedValue {
  var dumpedValue: Any { wrappedValue }
}

extension AnyHashableSendable: DumpedAsWrappedValue {
  var dumpedValue: Any { base }
}
