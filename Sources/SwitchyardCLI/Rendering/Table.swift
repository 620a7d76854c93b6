/// A table of text with aligned columns, as `status` and `load` print them.
///
/// Widths are measured on the plain text, so colour never shifts a column.
package struct Table: Sendable {
  /// A column's heading and which side its cells align to.
  package struct Column: Sendable {
    /// The heading, printed as given.
    package var title: String
    /// Numbers read best right-aligned.
    package var alignsRight: Bool

    /// Creates a column.
    package init(_ title: String, alignsRight: Bool = false) {
      self.title = title
      self.alignsRight = alignsRight
    }
  }

  /// One cell: its text and an optional colour.
  package struct Cell: Sendable, ExpressibleByStringLiteral {
    /// The text, without escape sequences.
    package var text: String
    /// Applied only when colour is enabled.
    package var color: TextColor?

    /// Creates a cell.
    package init(_ text: String, color: TextColor? = nil) {
      self.text = text
      self.color = color
    }

    /// A plain cell from a literal.
    package init(stringLiteral text: String) {
      self.init(text)
    }
  }

  /// The columns, left to right.
  package var columns: [Column]
  /// The rows; a short row leaves its last cells empty.
  package private(set) var rows: [[Cell]] = []

  /// Creates an empty table.
  package init(_ columns: [Column]) {
    self.columns = columns
  }

  /// Adds a row.
  package mutating func append(_ row: [Cell]) {
    rows.append(row)
  }

  /// The table as lines, two spaces between columns, headings in bold when `colored`.
  package func render(colored: Bool) -> String {
    let widths = columns.indices.map { index in
      rows.reduce(columns[index].title.count) { widest, row in
        index < row.count ? Swift.max(widest, row[index].text.count) : widest
      }
    }
    func line(_ cells: [Cell]) -> String {
      var parts: [String] = []
      for (index, column) in columns.enumerated() {
        let cell = index < cells.count ? cells[index] : Cell("")
        let isLast = index == columns.count - 1
        let text = isLast && !column.alignsRight ? cell.text : cell.text.padded(to: widths[index], leading: column.alignsRight)
        parts.append(cell.color.map { $0.apply(text, enabled: colored) } ?? text)
      }
      return parts.joined(separator: "  ")
    }
    let heading = line(columns.map { Cell($0.title, color: .bold) })
    return ([heading] + rows.map(line)).joined(separator: "\n") + "\n"
  }
}
