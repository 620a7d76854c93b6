extension String {
  /// The string padded with spaces to `width` characters, on the right unless `leading`.
  package func padded(to width: Int, leading: Bool = false) -> String {
    let padding = String(repeating: " ", count: Swift.max(0, width - count))
    return leading ? padding + self : self + padding
  }
}
