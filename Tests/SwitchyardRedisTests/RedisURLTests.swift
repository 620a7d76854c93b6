import Testing
@testable import SwitchyardRedis

@Suite struct RedisURLTests {
  @Test func readsTheBrokerFlagsForm() throws {
    let configuration = try RedisConfiguration(url: "redis://redis.switchyard.svc:6380/2")
    #expect(configuration.host == "redis.switchyard.svc")
    #expect(configuration.port == 6380)
    #expect(configuration.database == 2)
    #expect(configuration.username == nil && configuration.password == nil)
  }

  @Test func readsCredentialsAndDefaults() throws {
    let configuration = try RedisConfiguration(url: "redis://worker:p%40ss@10.0.0.5")
    #expect(configuration.username == "worker")
    #expect(configuration.password == "p@ss")
    #expect(configuration.port == 6379 && configuration.database == 0)
    let passwordOnly = try RedisConfiguration(url: "redis://:secret@host/")
    #expect(passwordOnly.username == nil && passwordOnly.password == "secret")
  }

  @Test func refusesWhatItCannotUse() {
    #expect(throws: RedisURLError.unsupportedScheme("rediss")) { try RedisConfiguration(url: "rediss://host:6379/0") }
    #expect(throws: RedisURLError.invalidDatabase("one")) { try RedisConfiguration(url: "redis://host:6379/one") }
    #expect(throws: RedisURLError.missingHost("redis:///0")) { try RedisConfiguration(url: "redis:///0") }
  }
}
