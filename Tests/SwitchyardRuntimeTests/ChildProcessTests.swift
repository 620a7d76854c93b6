#if canImport(Glibc)
import Glibc
#endif
import SwitchyardTestSupport
import Testing

@testable import SwitchyardRuntime

/// A worker starts with standard input, output and error only, whatever else its host has open.
@Suite(.onAThreadOfItsOwn) struct ChildProcessTests {
  @Test func aChildInheritsNoDescriptorItsHostOpenedWithoutCloseOnExec() throws {
    var leaked: [Int32] = [-1, -1]
    try #require(pipe(&leaked) == 0)
    defer { leaked.forEach { close($0) } }
    let child = try ChildProcess.spawn(executable: "/bin/ls", arguments: ["-1", "/proc/self/fd"])
    close(child.stdin)
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4_096)
    while case let count = read(child.stdout, &buffer, buffer.count), count > 0 { output += buffer[..<count] }
    close(child.stdout)
    close(child.stderr)
    #expect(child.reap(patience: .seconds(30)) == .exited(0))
    let open = String(decoding: output, as: UTF8.self).split(separator: "\n").compactMap { Int32($0) }
    // 3 is ls's own, on the directory it lists; the host's pipe has higher numbers.
    #expect(open == [0, 1, 2, 3], "the child had \(open) open; the host's pipe was \(leaked)")
  }
}
