import Foundation

/// How `.fileStorage` shared values reach files: the real file system, or memory for tests.
public final class FileStorage: @unchecked Sendable {
  private let lock = NSLock()
  private var references: [URL: AnyObject] = [:]
  private let load: @Sendable (URL) -> Data?
  private let save: @Sendable (Data, URL) -> Void

  /// Creates storage that reads and writes files with the given functions.
  public init(load: @escaping @Sendable (URL) -> Data?, save: @escaping @Sendable (Data, URL) -> Void) {
    self.load = load
    self.save = save
  }

  /// The real file system; a value that cannot be saved is reported.
  public static var fileSystem: FileStorage {
    FileStorage(
      load: { try? Data(contentsOf: $0) },
      save: { data, url in
        do {
          try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
          try data.write(to: url, options: .atomic)
        } catch {
          reportIssue("Could not save shared state to \(url.path): \(error)")
        }
      }
    )
  }

  /// Files kept in memory, for tests and previews.
  public static var inMemory: FileStorage {
    let files = LockIsolated<[URL: Data]>([:])
    return FileStorage(
      load: { url in files.withValue { $0[url] } },
      save: { data, url in files.withValue { $0[url] = data } }
    )
  }

  /// The data saved at `url`, if any.
  public func data(at url: URL) -> Data? {
    load(url)
  }

  func reference<Value: Codable & Sendable>(
    for url: URL,
    as _: Value.Type,
    default defaultValue: () -> Value
  ) -> SharedReference<Value> {
    lock.withLock {
      if let reference = references[url] as? SharedReference<Value> { return reference }
      let loaded = load(url).flatMap { try? JSONDecoder().decode(Value.self, from: $0) }
      let save = self.save
      let reference = SharedReference(loaded ?? defaultValue()) { value in
        guard let data = try? JSONEncoder().encode(value) else { return }
        save(data, url)
      }
      references[url] = reference
      return reference
    }
  }
}

private enum DefaultFileStorageKey: DependencyKey {
  static var liveValue: FileStorage { LiveFileStorage.shared }
  static var testValue: FileStorage { .inMemory }
}

/// The one real file storage, so every `@Shared(.fileStorage(url))` of a URL shares a reference.
private enum LiveFileStorage {
  static let shared = FileStorage.fileSystem
}

extension DependencyValues {
  /// How `.fileStorage` shared values reach files: the file system, live; memory in tests.
  public var defaultFileStorage: FileStorage {
    get { self[DefaultFileStorageKey.self] }
    set { self[DefaultFileStorageKey.self] = newValue }
  }
}
