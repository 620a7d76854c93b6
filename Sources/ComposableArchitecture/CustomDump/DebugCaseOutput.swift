/// An action named by its cases alone, as TCA's reports name it: `Parent.Action.child(.dismiss)`,
/// or abbreviated without the type, `.child(.dismiss)`.
///
/// Payloads that are not enums or tuples are left out, so a report names what was sent without
/// dumping the state it carried.
func debugCaseOutput(_ value: Any, abbreviated: Bool = false) -> String {
  if let custom = value as? any CustomDebugStringConvertible { return custom.debugDescription }
  return (abbreviated ? "" : DumpNode.typeName(type(of: value))) + caseOutput(value)
}

private func caseOutput(_ value: Any) -> String {
  let mirror = Mirror(reflecting: value)
  switch mirror.displayStyle {
  case .enum:
    guard let child = mirror.children.first else {
      let name = "\(value)"
      return name == DumpNode.typeName(type(of: value)) ? "" : ".\(name)"
    }
    let payload = caseOutput(child.value)
    return ".\(child.label ?? "")\(payload.isEmpty ? "" : "(\(payload))")"
  case .tuple:
    return mirror.children.map { label, value in
      let payload = caseOutput(value)
      // Positional labels (`.0`) are unlabeled arguments.
      let isPositional = label.map { $0.allSatisfy { $0 == "." || $0.isNumber } } ?? true
      return (isPositional ? "_:" : "\(label ?? ""):") + (payload.isEmpty ? "" : " \(payload)")
    }
    .joined(separator: ", ")
  default:
    return ""
  }
}
