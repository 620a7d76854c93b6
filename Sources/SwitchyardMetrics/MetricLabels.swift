/// Label names and values in the order they were given, rendered as `{name="value",…}`.
struct MetricLabels: Hashable, Sendable {
  let pairs: [MetricLabel]
  /// The labels rendered, once: every scrape writes them.
  let rendered: String

  init(pairs: [MetricLabel]) {
    self.pairs = pairs
    rendered = pairs.isEmpty ? "" : "{" + pairs.map { "\($0.name)=\"\(Self.escape($0.value))\"" }.joined(separator: ",") + "}"
  }

  /// Renders the labels with `extra` appended (a histogram's `le`).
  func rendered(adding extra: MetricLabel) -> String {
    let pair = "\(extra.name)=\"\(Self.escape(extra.value))\"}"
    return rendered.isEmpty ? "{" + pair : rendered.dropLast() + "," + pair
  }

  /// Escapes a label value as both formats require: backslash, double quote and line feed.
  static func escape(_ value: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(value.utf8.count)
    for character in value {
      switch character {
      case "\\": escaped += "\\\\"
      case "\"": escaped += "\\\""
      case "\n": escaped += "\\n"
      default: escaped.append(character)
      }
    }
    return escaped
  }
}

/// One label: a name and its value.
public struct MetricLabel: Hashable, Sendable {
  /// The label's name, such as `pool`.
  public var name: String
  /// Its value, such as `search`.
  public var value: String

  /// Creates a label.
  public init(_ name: String, _ value: String) {
    self.name = name
    self.value = value
  }
}
