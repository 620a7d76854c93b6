import Synchronization

/// The state of a navigation stack: an ordered collection of child states, each under a stable
/// ``StackElementID``.
///
/// Run a reducer on every element with ``Reducer/forEach(_:action:destination:fileID:filePath:line:column:)``.
/// The stack hands out ids itself, counting from 0, and never reuses one — popping does not rewind
/// the count — so ids are the same in a test's expected state as in the store's:
///
/// ```swift
/// await store.send(.itemTapped(item)) {
///   $0.path.append(.detail(ItemDetailFeature.State(item: item)))  // gets #0, as in the store
/// }
/// await store.send(.path(.element(id: 0, action: .detail(.editButtonTapped)))) { … }
/// ```
///
/// It is not `RangeReplaceableCollection` on purpose: that protocol's default implementations
/// rebuild the collection, which would hand out fresh ids to elements already on the stack.
public struct StackState<Element> {
  private var _ids: [StackElementID] = []
  private var elements: [StackElementID: Element] = [:]
  /// The generation of the next id to hand out; kept by `removeAll` and pops, so ids are not reused.
  private(set) var nextGeneration = 0
  /// Which stack value this is a copy of. A parent that replaces its stack with a new one could
  /// reuse ids; the stack reducer sees the lineage change and cancels every old element's effects.
  let lineage = Self.newLineage()
  /// The ids on the stack when its reducer last ran, so it can cancel the effects of elements
  /// another reducer removed since; shares the ids' buffer, so comparing them is one check.
  var mounted: [StackElementID] = []

  /// Creates an empty stack.
  public init() {}

  /// Creates a stack of `elements`, with ids counting from 0.
  public init(_ elements: some Sequence<Element>) {
    append(contentsOf: elements)
  }

  /// The ids of the elements, bottom of the stack first.
  public var ids: [StackElementID] { _ids }

  /// Reads, replaces, or — by assigning `nil` — removes the element with `id`.
  ///
  /// Assigning to an id that is not on the stack pushes the element under that id, which is how a
  /// test writes `$0.path[id: 1] = .edit(…)`.
  public subscript(id id: StackElementID) -> Element? {
    get { elements[id] }
    set {
      guard let newValue else {
        guard elements.removeValue(forKey: id) != nil else { return }
        _ids.removeAll { $0 == id }
        return
      }
      if elements.updateValue(newValue, forKey: id) == nil {
        _ids.append(id)
        nextGeneration = Swift.max(nextGeneration, id.generation + 1)
      }
    }
  }

  /// Reads or changes the element with `id` as one case of an enum: `$0.path[id: 0, case: \.detail]?.title = "New"`.
  ///
  /// Reads `nil` when the element is missing or another case; assigning `nil` pops the element.
  /// Changing an element that is not that case changes nothing and reports "Can't modify unrelated
  /// case", as in TCA.
  public subscript<Case>(id id: StackElementID, case path: CaseKeyPath<Element, Case>) -> Case? {
    get { self[id: id, case: AnyCasePath(path)] }
    _modify { yield &self[id: id, case: AnyCasePath(path)] }
  }

  /// Reads or changes the element with `id` as one case of an enum, named by a case path: TCA's form
  /// before case key paths, `$0.path[id: 0, case: /Path.State.detail]`.
  public subscript<Case>(id id: StackElementID, case path: AnyCasePath<Element, Case>) -> Case? {
    get { elements[id].flatMap(path.extract(from:)) }
    _modify {
      let root = elements[id]
      var value = root.flatMap(path.extract(from:))
      let isThatCase = value != nil
      yield &value
      guard isThatCase else { return reportIssue(NavigationMessage.unrelatedCase(root)) }
      self[id: id] = value.map(path.embed)
    }
  }

  /// Pushes `element` on top of the stack under a new id.
  public mutating func append(_ element: Element) {
    self[id: StackElementID(generation: nextGeneration)] = element
  }

  /// Pushes `elements` on top of the stack, in order, each under a new id.
  public mutating func append(contentsOf elements: some Sequence<Element>) {
    for element in elements { append(element) }
  }

  /// Pops and returns the top element; the stack must not be empty.
  @discardableResult
  public mutating func removeLast() -> Element {
    let id = _ids.removeLast()
    return elements.removeValue(forKey: id)!
  }

  /// Pops the top `count` elements; the stack must hold at least that many.
  public mutating func removeLast(_ count: Int) {
    for _ in 0..<count { removeLast() }
  }

  /// Pops every element, back to the root. Ids already handed out stay used.
  public mutating func removeAll() {
    _ids.removeAll()
    elements.removeAll()
  }

  /// Pops the element with `id` and every element above it.
  public mutating func popFrom(id: StackElementID) {
    guard let index = _ids.firstIndex(of: id) else { return }
    for popped in _ids[index...] { elements[popped] = nil }
    _ids.removeSubrange(index...)
  }

  /// Pops every element above the one with `id`, leaving it on top.
  public mutating func popTo(id: StackElementID) {
    guard let index = _ids.firstIndex(of: id) else { return }
    for popped in _ids[(index + 1)...] { elements[popped] = nil }
    _ids.removeSubrange((index + 1)...)
  }

  private static func newLineage() -> Int {
    lineageCounter.add(1, ordering: .relaxed).newValue
  }
}

private let lineageCounter = Atomic<Int>(0)

extension StackState: RandomAccessCollection {
  public var startIndex: Int { 0 }

  public var endIndex: Int { _ids.count }

  public subscript(position: Int) -> Element {
    elements[_ids[position]]!
  }
}

extension StackState: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}

// Equality is ids and elements, in order: which ids are still to be handed out, or which value
// a stack was copied from, is bookkeeping a test should not have to assert.
extension StackState: Equatable where Element: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs._ids == rhs._ids && lhs.elements == rhs.elements
  }
}

extension StackState: Hashable where Element: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(_ids)
    for id in _ids { hasher.combine(elements[id]) }
  }
}

extension StackState: Sendable where Element: Sendable {}

// Ids are encoded with the elements so that a restored stack addresses the same elements, and the
// next generation too, so that it does not reuse the ids of elements popped before it was saved.
extension StackState: Codable where Element: Codable {
  private enum CodingKeys: String, CodingKey {
    case ids, elements, nextGeneration
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let ids = try container.decode([StackElementID].self, forKey: .ids)
    let elements = try container.decode([Element].self, forKey: .elements)
    guard ids.count == elements.count, Set(ids).count == ids.count else {
      throw DecodingError.dataCorruptedError(
        forKey: .ids, in: container, debugDescription: "A stack needs exactly one unique id per element."
      )
    }
    for (id, element) in zip(ids, elements) { self[id: id] = element }
    nextGeneration = Swift.max(nextGeneration, try container.decode(Int.self, forKey: .nextGeneration))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(_ids, forKey: .ids)
    try container.encode(_ids.map { elements[$0]! }, forKey: .elements)
    try container.encode(nextGeneration, forKey: .nextGeneration)
  }
}

// Dumps and diffs show the stack as TCA's do, an ordered dictionary of its elements by id,
// `[#0: …, #1: …]`, not its storage.
extension StackState: CustomReflectable {
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: _ids.map { ($0, elements[$0]!) }, displayStyle: .dictionary)
  }
}
