import SwitchyardRuntime

/// One page of the catalog, for the `pagination` worker to fetch over HTTP from
/// `{baseURL}/items?page=N&per_page=M`.
public struct PageJob: RemoteJob, Equatable {
  /// The page, once.
  public typealias Output = CatalogPage

  /// The pagination pool: `switchyard worker pagination`.
  public static let kind: JobKind = "pagination"

  /// The upstream service, e.g. `http://127.0.0.1:8080`.
  public var baseURL: String
  /// The page to fetch, from 1.
  public var page: Int
  /// Items per page.
  public var perPage: Int

  /// Creates a page job.
  public init(baseURL: String, page: Int, perPage: Int = 20) {
    self.baseURL = baseURL
    self.page = page
    self.perPage = perPage
  }
}
