import Glibc

/// The segments a reader walks, held open a window ahead of it.
///
/// A reader takes no lock, and retention removes the oldest segments while a coordinator runs. A
/// segment opened before it is removed still reads whole, and retention removes oldest first, so
/// only a retention that removed every segment of the window can take one from under the reader.
struct SegmentsAhead {
  /// How many segments are held open ahead: a bound on descriptors, whatever the segment size.
  static let window = 32
  /// How often the listing is taken again when retention removes a segment before it is opened.
  private static let attempts = 5

  /// The segments listed, from the one the walk starts in, oldest first.
  private(set) var listed: [(firstSequence: UInt64, name: String)] = []
  private let directory: DataDirectory
  /// The descriptors opened and not yet handed to a reader, by index in ``listed``.
  private var opened: [Int: FileDescriptor] = [:]
  /// The index of the next segment to open.
  private var nextToOpen = 0

  /// Lists the segments from the one holding `first` (the oldest kept, if `first` is older) and
  /// opens the first window; lists again when retention removed one before it was opened.
  init(directory: DataDirectory, from first: UInt64) throws(JournalError) {
    self.directory = directory
    var attempt = 1
    while true {
      let segments = try directory.segments()
      let start = segments.lastIndex { $0.firstSequence <= first } ?? 0
      listed = Array(segments[min(start, segments.count)...])
      do throws(JournalError) {
        try openWindow(after: -1)
        return
      } catch {
        close()
        (opened, nextToOpen) = ([:], 0)
        guard case .io(_, _, ENOENT) = error, attempt < Self.attempts else { throw error }
        attempt += 1
      }
    }
  }

  /// The reader of the segment at `index` in ``listed``, which owns its descriptor from then on;
  /// opens the one that enters the window. `pastDamagedHeader` reads past a damaged header, the
  /// records numbered as the file name says (``SegmentReader/init(file:name:pastDamagedHeader:bufferSize:)``).
  mutating func reader(at index: Int, pastDamagedHeader: Bool = false) throws(JournalError) -> SegmentReader {
    try openWindow(after: index)
    guard let file = opened.removeValue(forKey: index) else { throw .removedWhileRead(segment: listed[index].name) }
    let segment = listed[index]
    return try SegmentReader(file: file, name: segment.name, pastDamagedHeader: pastDamagedHeader ? segment.firstSequence : nil)
  }

  /// Closes the descriptors no reader took.
  func close() {
    opened.values.forEach { $0.close() }
  }

  /// Opens the segments up to a window past `index`; one already removed is left out, for
  /// ``reader(at:)`` to name.
  private mutating func openWindow(after index: Int) throws(JournalError) {
    while nextToOpen < listed.count, nextToOpen <= index + Self.window {
      let name = listed[nextToOpen].name
      do throws(JournalError) {
        opened[nextToOpen] = try FileDescriptor.open(directory.file(name), O_RDONLY)
      } catch .io(_, _, ENOENT) where index >= 0 {
        // Retention overtook the whole window: the walk fails when it reaches this segment.
      }
      nextToOpen += 1
    }
  }
}
