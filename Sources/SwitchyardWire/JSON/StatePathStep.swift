/// How a path component steps into an array: by decimal index, or by `id=VALUE` to the first
/// element whose `id` member is the string or integer `VALUE`. Shared by ``JSONValue`` and
/// ``RawJSON`` so both read the control socket's paths alike.
enum ArrayPathStep {
  case index(Int)
  case id(Substring)

  /// The step `component` names, or `nil` if it names none. An index is digits only: `Int` alone
  /// also reads `+0` and `-1`, two more names for elements no path should have.
  init?(_ component: String) {
    if !component.isEmpty, component.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let index = Int(component) {
      self = .index(index)
    } else if component.hasPrefix("id=") {
      self = .id(component.dropFirst(3))
    } else {
      return nil
    }
  }
}
