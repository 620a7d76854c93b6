import Testing
@testable import SwitchyardCLI

struct TableTests {
  @Test func columnsAlignOnThePlainTextWhateverTheColour() {
    var table = Table([.init("NAME"), .init("COUNT", alignsRight: true), .init("NOTE")])
    table.append(["probe", "7", .init("healthy", color: .green)])
    table.append(["search", "1,234", "x"])
    #expect(table.render(colored: false) == """
      NAME    COUNT  NOTE
      probe       7  healthy
      search  1,234  x

      """)
    let colored = table.render(colored: true)
    #expect(colored.contains("\u{1B}[32mhealthy\u{1B}[0m"))
    #expect(colored.replacing(/\x1B\[[0-9]+m/, with: "") == table.render(colored: false))
  }
}
