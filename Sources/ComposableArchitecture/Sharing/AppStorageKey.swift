import Foundation

/// A small value kept under a name in the application's storage, which outlives the process: what
/// TCA keeps in user defaults with `.appStorage("isOn")`.
///
/// Linux has no user defaults an app can rely on, so each key is a JSON file in
/// ``DependencyValues/appStorageDirectory``, reached through ``DependencyValues/defaultFileStorage``:
/// in tests that is memory, fresh for each test store, as TCA's test user defaults are.
public struct AppStorageKey<Value: Codable & Sendable>: SharedKey {
  let key: String

  /// The shared value stored under this key; called by ``Shared``.
  public func _shared(default defaultValue: () -> Value) -> Shared<Value> {
    @Dependency(\.appStorageDirectory) var directory
    // Percent-encoded, so any key names one file in the directory.
    let name = key.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? key
    return FileStorageKey(url: directory.appendingPathComponent("\(name).json"))._shared(default: defaultValue)
  }
}

extension SharedKey {
  /// A value kept under `key` in the application's storage; see ``AppStorageKey``.
  public static func appStorage<Wrapped>(_ key: String) -> Self where Self == AppStorageKey<Wrapped> {
    AppStorageKey(key: key)
  }
}

private enum AppStorageDirectoryKey: DependencyKey {
  static var liveValue: URL {
    let base = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
      ?? FileManager.default.temporaryDirectory
    return base.appendingPathComponent(ProcessInfo.processInfo.processName).appendingPathComponent("AppStorage")
  }
  static var testValue: URL { URL(fileURLWithPath: "/AppStorage") }
}

extension DependencyValues {
  /// The directory `.appStorage` values are saved in: the user's application support directory,
  /// under the process's name.
  public var appStorageDirectory: URL {
    get { self[AppStorageDirectoryKey.self] }
    set { self[AppStorageDirectoryKey.self] = newValue }
  }
}
