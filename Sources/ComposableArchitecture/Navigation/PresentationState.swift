/// Optional state of a presented child — a sheet, an alert, a pushed screen — that
/// ``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)`` runs and dismisses.
///
/// The macro-free spelling of TCA's `@Presents`:
///
/// ```swift
/// @PresentationState var destination: Destination.State?
/// ```
///
/// Present by assigning state, dismiss by assigning `nil`; pass `\.$destination` to `ifLet`, which
/// then nils it on `.dismiss` and cancels the child's effects when it goes away.
@propertyWrapper
public struct PresentationState<State> {
  /// The presented child's state, or `nil` when nothing is presented.
  public var wrappedValue: State?

  /// Presents `wrappedValue`, or nothing when it is `nil`.
  public init(wrappedValue: State?) {
    self.wrappedValue = wrappedValue
  }

  /// Presents nothing, so `@PresentationState var destination: Destination.State?` needs no `= nil`.
  public init() {
    self.wrappedValue = nil
  }

  /// The wrapper itself, so `\.$destination` names it for `ifLet`.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }
}

extension PresentationState {
  /// Reads or changes the presented state as one case of an enum destination:
  /// `$0.$destination[case: \.edit]?.title = "New"`.
  ///
  /// Reads `nil` when nothing or another case is presented; assigning `nil` changes nothing.
  public subscript<Case>(case path: CaseKeyPath<State, Case>) -> Case? {
    get { self[case: AnyCasePath(path)] }
    set { self[case: AnyCasePath(path)] = newValue }
  }

  /// Reads or changes the presented state as one case, named by a case path: TCA's form before case
  /// key paths, `$0.$destination[case: /Destination.State.edit]`.
  public subscript<Case>(case path: AnyCasePath<State, Case>) -> Case? {
    get { wrappedValue.flatMap(path.extract(from:)) }
    set {
      guard let newValue, wrappedValue.flatMap(path.extract(from:)) != nil else { return }
      wrappedValue = path.embed(newValue)
    }
  }
}

extension PresentationState: Equatable where State: Equatable {}
extension PresentationState: Hashable where State: Hashable {}
extension PresentationState: Sendable where State: Sendable {}

// Coded as the bare optional, so the wrapper does not show in saved state.
extension PresentationState: Codable where State: Codable {
  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: try decoder.singleValueContainer().decode(State?.self))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(wrappedValue)
  }
}

// Dumps and diffs show the presented state, or `nil`, rather than the wrapper.
extension PresentationState: CustomReflectable {
  public var customMirror: Mirror {
    Mirror(reflecting: wrappedValue as Any)
  }
}
