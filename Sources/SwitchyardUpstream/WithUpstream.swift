/// Starts an ``UpstreamService``, runs `body` with it, and stops it however `body` ends: the
/// scoped way to use one in tests and tools.
///
/// ```swift
/// let page = try await withUpstream(UpstreamConfiguration(catalogSize: 45)) { upstream in
///   try await fetchFirstPage(from: upstream.baseURL)
/// }
/// ```
public func withUpstream<Value: Sendable>(
  _ configuration: UpstreamConfiguration = UpstreamConfiguration(),
  _ body: (UpstreamService) async throws -> Value
) async throws -> Value {
  let upstream = try UpstreamService.start(configuration)
  do {
    let value = try await body(upstream)
    await upstream.stop()
    return value
  } catch {
    await upstream.stop()
    throw error
  }
}
