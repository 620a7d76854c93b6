extension JSONDocument {
  /// Writes the value at `index` as compact JSON in the order it was written, copying strings and
  /// numbers as they stand in the input: a raw value re-encodes to the same text, whitespace aside.
  func write<Sink: JSONSink>(_ index: Int, to sink: inout Sink) {
    let node = nodes[index]
    switch node.kind {
    case .null: sink.writeStatic("null")
    case .true: sink.writeStatic("true")
    case .false: sink.writeStatic("false")
    case .integer, .number: sink.writeBytes(span(of: index))
    case .string, .escapedString:
      // Escapes stay as they were written, which is already valid JSON.
      sink.writeByte(UInt8(ascii: "\""))
      sink.writeBytes(span(of: index))
      sink.writeByte(UInt8(ascii: "\""))
    case .array:
      sink.writeByte(UInt8(ascii: "["))
      var child = index + 1
      while child < Int(node.end) {
        if child > index + 1 { sink.writeByte(UInt8(ascii: ",")) }
        write(child, to: &sink)
        child = Int(nodes[child].end)
      }
      sink.writeByte(UInt8(ascii: "]"))
    case .object:
      sink.writeByte(UInt8(ascii: "{"))
      var key = index + 1
      while key < Int(node.end) {
        if key > index + 1 { sink.writeByte(UInt8(ascii: ",")) }
        write(key, to: &sink)
        sink.writeByte(UInt8(ascii: ":"))
        write(key + 1, to: &sink)
        key = Int(nodes[key + 1].end)
      }
      sink.writeByte(UInt8(ascii: "}"))
    }
  }
}

extension JSONDocument {
  /// The bytes the value at `index` was written in, first to last, whitespace between its members
  /// and all: for a caller that keeps a value as it arrived, one copy instead of a walk.
  func source(of index: Int) -> UnsafeBufferPointer<UInt8> {
    let node = nodes[index]
    // A string's node starts after its opening quote.
    let first = node.kind == .string || node.kind == .escapedString ? Int(node.start) - 1 : Int(node.start)
    return UnsafeBufferPointer(start: bytes + first, count: sourceEnd(of: index) - first)
  }

  /// The offset just past the value at `index`.
  private func sourceEnd(of index: Int) -> Int {
    let node = nodes[index]
    switch node.kind {
    case .null, .true, .false, .integer, .number:
      return Int(node.start) + Int(node.length)
    case .string, .escapedString:
      return Int(node.start) + Int(node.length) + 1
    case .object, .array:
      // Nodes record where a container opens, not where it closes: its closing bracket is the
      // first after its last member, as only whitespace can stand between them.
      var position = Int(node.start) + 1
      var child = index + 1
      var last: Int?
      while child < Int(node.end) {
        last = child
        child = Int(nodes[child].end)
      }
      if let last { position = sourceEnd(of: last) }
      while bytes[position] != UInt8(ascii: "}") && bytes[position] != UInt8(ascii: "]") { position += 1 }
      return position + 1
    }
  }
}
