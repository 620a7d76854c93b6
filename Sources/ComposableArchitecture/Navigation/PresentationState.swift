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
  /// The presented state, in a box shared by copies until one of them changes it, so comparing
  /// two copies of a large tree is one pointer comparison, as in TCA.
  private var storage: Storage

  /// Which child the presenting reducer had presented when it last ran; lets it notice a child
  /// that another reducer replaced or removed in between, and cancel that child's effects.
  var presentedID: PresentedID?

  /// The presented child's state, or `nil` when nothing is presented.
  public var wrappedValue: State? {
    get { storage.state }
    set {
      if isKnownUniquelyReferenced(&storage) {
        storage.state = newValue
      } else {
        storage = Storage(newValue)
      }
    }
    _modify {
      if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.state) }
      yield &storage.state
    }
  }

  /// Presents `wrappedValue`, or nothing when it is `nil`.
  ///
  /// The only initialiser, as in TCA: `@PresentationState var destination: Destination.State?`
  /// starts at `nil` and keeps the memberwise initialiser's `destination: Destination.State?`.
  public init(wrappedValue: State?) {
    self.storage = Storage(wrappedValue)
  }

  /// The wrapper itself, so `\.$destination` names it for `ifLet`.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  /// Whether two values share one box, so they are equal without comparing what they present.
  func sharesStorage(with other: Self) -> Bool {
    storage === other.storage
  }

  private final class Storage {
    var state: State?

    init(_ state: State?) {
      self.state = state
    }
  }
}

extension PresentationState {
  /// Reads or changes the presented state as one case of an enum destination:
  /// `$0.$destination[case: \.edit]?.title = "New"`.
  ///
  /// Reads `nil` when nothing or another case is presented; assigning `nil` dismisses. Changing a
  /// case that is not the one presented changes nothing and reports "Can't modify unrelated case",
  /// as in TCA.
  public subscript<Case>(case path: CaseKeyPath<State, Case>) -> Case? {
    get { self[case: AnyCasePath(path)] }
    _modify { yield &self[case: AnyCasePath(path)] }
  }

  /// Reads or changes the presented state as one case, named by a case path: TCA's form before case
  /// key paths, `$0.$destination[case: /Destination.State.edit]`.
  public subscript<Case>(case path: AnyCasePath<State, Case>) -> Case? {
    get { wrappedValue.flatMap(path.extract(from:)) }
    _modify {
      let root = wrappedValue
      var value = root.flatMap(path.extract(from:))
      let isPresented = value != nil
      yield &value
      guard isPresented else { return reportIssue(NavigationMessage.unrelatedCase(root)) }
      wrappedValue = value.map(path.embed)
    }
  }
}

extension PresentationState: Equatable where State: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.sharesStorage(with: rhs) || lhs.wrappedValue == rhs.wrappedValue
  }
}

extension PresentationState: Hashable where State: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
  }
}

// The box is copied before any write that another copy could see, so values never share mutations.
extension PresentationState: @unchecked Sendable where State: Sendable {}

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
