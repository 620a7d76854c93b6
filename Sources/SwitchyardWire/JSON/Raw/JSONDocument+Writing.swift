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
