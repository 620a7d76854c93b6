#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import SwitchyardNet

/// Raising the soft descriptor limit, as the coordinator does at start.
@Suite
struct DescriptorLimitTests {
  @Test func raisesTheSoftLimitToTheHardOne() throws {
    var limit = rlimit()
    try #require(getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0)
    let hard = min(limit.rlim_max, DescriptorLimit.ceiling)
    // One below the hard limit: lower would risk other tests running beside this one.
    limit.rlim_cur = hard - 1
    try #require(setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0)
    #expect(DescriptorLimit.current == Int(hard) - 1)
    #expect(DescriptorLimit.raiseToHardLimit() == Int(hard))
    #expect(DescriptorLimit.current == Int(hard))
  }
}
