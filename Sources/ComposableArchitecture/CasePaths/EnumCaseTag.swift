/// Which case a value of the enum `Root` is, read from the type's metadata: what the runtime counts
/// actions by, without building a `Mirror` for each.
package struct EnumCaseTag<Root> {
  private let metadata: EnumMetadata

  /// A reader of `Root`'s cases, or `nil` when `Root` is not an enum.
  package init?() {
    guard let metadata = EnumMetadata(Root.self) else { return nil }
    self.metadata = metadata
  }

  /// The case index of `value`: payload cases first, in declaration order, then empty cases.
  package func callAsFunction(_ value: Root) -> UInt32 {
    metadata.tag(of: value)
  }
}
