/// An ordered collection of elements with unique ids, read and written by id in constant time.
///
/// The state of a list feature: `forEach` finds a row's state by the id in its action without
/// scanning, and a row's id stays stable while the rows around it are inserted, moved or removed.
public struct IdentifiedArray<ID: Hashable, Element> {
  @usableFromInline
  var _elements: [Element]
  @usableFromInline
  var _ids: [ID]
  @usableFromInline
  var _offsets: [ID: Int]
  @usableFromInline
  let id: KeyPath<Element, ID>

  /// Creates an array from elements whose ids are known to be unique.
  ///
  /// Duplicate ids are a programming error and stop the program.
  public init(uncheckedUniqueElements elements: some Sequence<Element>, id: KeyPath<Element, ID>) {
    self._elements = Array(elements)
    self._ids = _elements.map { $0[keyPath: id] }
    self._offsets = Dictionary(uniqueKeysWithValues: _ids.enumerated().map { ($1, $0) })
    self.id = id
  }

  /// Creates an array from elements, keeping the first of any elements that share an id.
  public init(uniqueElements elements: some Sequence<Element>, id: KeyPath<Element, ID>) {
    var seen = Set<ID>()
    self.init(uncheckedUniqueElements: elements.filter { seen.insert($0[keyPath: id]).inserted }, id: id)
  }

  /// The ids, in order.
  @inlinable
  public var ids: [ID] { _ids }

  /// The elements, in order.
  @inlinable
  public var elements: [Element] { _elements }

  /// The offset of the element with `id`, if there is one.
  @inlinable
  public func index(id: ID) -> Int? {
    _offsets[id]
  }

  /// Reads, replaces, or — by assigning `nil` — removes the element with `id`.
  ///
  /// Assigning an element whose id is not present appends it.
  @inlinable
  public subscript(id id: ID) -> Element? {
    get {
      _offsets[id].map { _elements[$0] }
    }
    set {
      if let offset = _offsets[id] {
        if let newValue {
          _elements[offset] = newValue
        } else {
          remove(at: offset)
        }
      } else if let newValue {
        append(newValue)
      }
    }
  }

  /// Appends `element` if its id is new; returns whether it was added and its offset.
  @discardableResult
  public mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
    let elementID = element[keyPath: id]
    if let offset = _offsets[elementID] { return (false, offset) }
    _offsets[elementID] = _elements.count
    _ids.append(elementID)
    _elements.append(element)
    return (true, _elements.count - 1)
  }

  /// Appends the elements whose ids are new.
  public mutating func append(contentsOf elements: some Sequence<Element>) {
    for element in elements { append(element) }
  }

  /// Inserts `element` at `offset` if its id is new; returns whether it was added and its offset.
  @discardableResult
  public mutating func insert(_ element: Element, at offset: Int) -> (inserted: Bool, index: Int) {
    let elementID = element[keyPath: id]
    if let existing = _offsets[elementID] { return (false, existing) }
    _elements.insert(element, at: offset)
    _ids.insert(elementID, at: offset)
    reindex(from: offset)
    return (true, offset)
  }

  /// Removes and returns the element at `offset`.
  @discardableResult
  public mutating func remove(at offset: Int) -> Element {
    let element = _elements.remove(at: offset)
    _offsets[_ids.remove(at: offset)] = nil
    reindex(from: offset)
    return element
  }

  /// Removes and returns the element with `id`, if there is one.
  @discardableResult
  public mutating func remove(id: ID) -> Element? {
    _offsets[id].map { remove(at: $0) }
  }

  /// Removes the elements at `offsets`.
  public mutating func remove(atOffsets offsets: some Sequence<Int>) {
    let doomed = Set(offsets)
    let kept = _elements.indices.filter { !doomed.contains($0) }.map { _elements[$0] }
    self = IdentifiedArray(uncheckedUniqueElements: kept, id: id)
  }

  /// Removes every element that satisfies `shouldBeRemoved`.
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    let kept = try _elements.filter { try !shouldBeRemoved($0) }
    guard kept.count != _elements.count else { return }
    self = IdentifiedArray(uncheckedUniqueElements: kept, id: id)
  }

  /// Removes every element.
  public mutating func removeAll() {
    _elements.removeAll()
    _ids.removeAll()
    _offsets.removeAll()
  }

  /// Removes and returns the last element, if any.
  @discardableResult
  public mutating func popLast() -> Element? {
    _elements.isEmpty ? nil : remove(at: _elements.count - 1)
  }

  /// Removes and returns the last element; the array must not be empty.
  @discardableResult
  public mutating func removeLast() -> Element {
    remove(at: _elements.count - 1)
  }

  /// Moves the elements at `source` to before `destination`, as a list's drag and drop does.
  public mutating func move(fromOffsets source: some Sequence<Int>, toOffset destination: Int) {
    let moving = Set(source)
    let before = _elements.indices.filter { $0 < destination && !moving.contains($0) }
    let after = _elements.indices.filter { $0 >= destination && !moving.contains($0) }
    let order = before + moving.sorted() + after
    self = IdentifiedArray(uncheckedUniqueElements: order.map { _elements[$0] }, id: id)
  }

  /// Sorts the elements in place, keeping each id with its element.
  public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
    self = IdentifiedArray(uncheckedUniqueElements: try _elements.sorted(by: areInIncreasingOrder), id: id)
  }

  /// The elements that satisfy `isIncluded`, as an identified array.
  public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> Self {
    IdentifiedArray(uncheckedUniqueElements: try _elements.filter(isIncluded), id: id)
  }

  private mutating func reindex(from offset: Int) {
    for index in offset..<_ids.count { _offsets[_ids[index]] = index }
  }
}

/// An identified array of `Identifiable` elements, as feature state declares it.
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element.ID, Element>

extension IdentifiedArray where Element: Identifiable, ID == Element.ID {
  /// Creates an array from elements, keeping the first of any elements that share an id.
  public init(uniqueElements elements: some Sequence<Element>) {
    self.init(uniqueElements: elements, id: \.id)
  }

  /// Creates an array from elements whose ids are known to be unique.
  public init(uncheckedUniqueElements elements: some Sequence<Element>) {
    self.init(uncheckedUniqueElements: elements, id: \.id)
  }

  /// Creates an empty array.
  public init() {
    self.init(uncheckedUniqueElements: [], id: \.id)
  }
}

extension IdentifiedArray: ExpressibleByArrayLiteral where Element: Identifiable, ID == Element.ID {
  public init(arrayLiteral elements: Element...) {
    self.init(uniqueElements: elements)
  }
}

extension IdentifiedArray: RandomAccessCollection, MutableCollection {
  public var startIndex: Int { 0 }
  public var endIndex: Int { _elements.count }

  /// The element at `position`; replacing it must keep its id.
  public subscript(position: Int) -> Element {
    get { _elements[position] }
    set {
      precondition(
        newValue[keyPath: id] == _ids[position],
        "An element of an IdentifiedArray was replaced by one with a different id."
      )
      _elements[position] = newValue
    }
  }
}

extension IdentifiedArray: Equatable where Element: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs._elements == rhs._elements
  }
}

extension IdentifiedArray: Hashable where Element: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(_elements)
  }
}

// The key path is immutable and only read, so sharing it across tasks is safe.
extension IdentifiedArray: @unchecked Sendable where ID: Sendable, Element: Sendable {}

extension IdentifiedArray: Encodable where Element: Encodable {
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(_elements)
  }
}

extension IdentifiedArray: Decodable where Element: Decodable & Identifiable, ID == Element.ID {
  /// Decodes an array of elements; duplicate ids are a data error.
  public init(from decoder: any Decoder) throws {
    let elements = try decoder.singleValueContainer().decode([Element].self)
    self.init(uniqueElements: elements)
    guard count == elements.count else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "Duplicate element ids.")
      )
    }
  }
}

extension IdentifiedArray: CustomStringConvertible {
  public var description: String {
    _elements.description
  }
}

extension IdentifiedArray: CustomReflectable {
  /// Reflects as its elements, so dumps and diffs show rows rather than storage.
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: _elements, displayStyle: .collection)
  }
}
