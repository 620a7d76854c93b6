#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Sorted keys without a tree: an object's members are written as they come, each noted with its
/// key, and put in key order when the object closes, its bytes moved once.
///
/// A state digest sorts every object's keys. Built as a tree first, a node and a scalar buffer per
/// value, the 110 KB state of `codec.encode.sorted-state` took 4.5 ms to encode; streamed, 1.6 ms,
/// where unsorted output takes 1.25 ms.
extension StreamEncoder {
  /// Notes the member whose key `key` was just written from offset `start`, quotes included.
  /// Not inlined: ``prepare(level:token:key:)`` is, at every member of unsorted output too.
  @inline(never)
  func noteMember(_ key: String, start: Int) {
    let written = state.pointee.bytes.count - start
    state.pointee.members.append(Member(key: key, start: start, keyLength: written - 2, isWrittenAsIs: written == key.utf8.count + 2))
  }

  /// Puts the members of `open`, an object about to close, in the order of their keys' UTF-8
  /// bytes, as ``TreeWriter`` does; a key written twice, which the tree keeps once with its last
  /// value, sends the value to the tree.
  func sortMembers(of open: Open) {
    let first = open.firstMember
    let end = state.pointee.members.count
    defer { state.pointee.members.removeSubrange(first..<end) }
    guard end - first > 1 else { return }
    let bytes = UnsafePointer(state.pointee.bytes.base)
    let inOrder = state.pointee.members.withUnsafeBufferPointer { members in
      (first + 1..<end).allSatisfy { Self.precedes(members[$0 - 1], members[$0], in: bytes) }
    }
    if inOrder { return }
    state.pointee.order.removeAll(keepingCapacity: true)
    state.pointee.order.append(contentsOf: first..<end)
    state.pointee.members.withUnsafeBufferPointer { members in
      state.pointee.order.sort { Self.precedes(members[$0], members[$1], in: bytes) }
    }
    let distinct = state.pointee.members.withUnsafeBufferPointer { members in
      state.pointee.order.withUnsafeBufferPointer { order in
        zip(order, order.dropFirst()).allSatisfy { Self.precedes(members[$0], members[$1], in: bytes) }
      }
    }
    guard distinct else {
      state.pointee.needsTree = true
      return
    }
    moveMembers(of: open, into: state.pointee.order)
  }

  /// Whether `first`'s key sorts before `second`'s, as ``TreeWriter/precedes(_:_:)`` says:
  /// compared as written in `bytes` when neither is escaped there, the common case, which is
  /// several times faster than comparing the strings.
  @inline(__always)
  private static func precedes(_ first: Member, _ second: Member, in bytes: UnsafePointer<UInt8>) -> Bool {
    guard first.isWrittenAsIs && second.isWrittenAsIs else { return TreeWriter.precedes(first.key, second.key) }
    let order = memcmp(bytes + first.start + 1, bytes + second.start + 1, min(first.keyLength, second.keyLength))
    return order != 0 ? order < 0 : first.keyLength < second.keyLength
  }

  /// Rewrites the members of `open`, everything after its opening bracket, in `order` (indices
  /// into ``State/members``), commas between them.
  private func moveMembers(of open: Open, into order: [Int]) {
    let regionStart = open.start + 1
    let regionEnd = state.pointee.bytes.count
    let end = state.pointee.members.count
    let base = state.pointee.bytes.base
    state.pointee.reordering.removeAll(keepingCapacity: true)
    state.pointee.reordering.append(contentsOf: UnsafeBufferPointer(start: base + regionStart, count: regionEnd - regionStart))
    state.pointee.reordering.withUnsafeBufferPointer { original in
      state.pointee.members.withUnsafeBufferPointer { members in
        var written = regionStart
        for (position, index) in order.enumerated() {
          if position > 0 {
            base[written] = UInt8(ascii: ",")
            written += 1
          }
          // A member runs up to the comma before the next one, or to the object's end.
          let start = members[index].start - regionStart
          let stop = (index + 1 < end ? members[index + 1].start - 1 : regionEnd) - regionStart
          (base + written).update(from: original.baseAddress! + start, count: stop - start)
          written += stop - start
        }
      }
    }
  }
}
