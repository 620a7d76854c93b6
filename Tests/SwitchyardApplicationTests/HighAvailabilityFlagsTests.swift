import SwitchyardDiagnostics
import SwitchyardWire
@testable import SwitchyardApplication
import Testing

/// `start --ha` and `--ha-lease-ms`, read without starting anything.
@MainActor
struct HighAvailabilityFlagsTests {
  let start = SwitchyardCommandLine(
    Application(name: "probe", reducer: ProbeFeature(), initialState: ProbeFeature.State(), pools: [], handlers: [ProbeHandler()])
  ).commands[0]

  @Test func haNamesTheSharedRedisAndTheLease() throws {
    let options = try StartCommand.options(
      start.parse(["--ha", "redis://10.0.0.5:6380/2", "--name", "shop", "--ha-lease-ms", "1500"]))
    let ha = try #require(options.highAvailability)
    #expect(ha.redis.host == "10.0.0.5" && ha.redis.port == 6380 && ha.redis.database == 2)
    #expect(ha.coordinator == "shop")
    #expect(ha.leaseTTL == .milliseconds(1500))
    let defaults = try #require(try StartCommand.options(start.parse(["--ha", "redis://127.0.0.1:6379/0"])).highAvailability)
    #expect(defaults.leaseTTL == .seconds(5) && defaults.coordinator == nil)
    #expect(try StartCommand.options(start.parse([])).highAvailability == nil)
  }

  @Test func haRefusesWhatCannotWork() {
    #expect(throws: UsageError.conflict("--ha-lease-ms needs --ha redis://HOST:PORT/DB")) {
      try StartCommand.options(start.parse(["--ha-lease-ms", "1000"]))
    }
    #expect(throws: UsageError.conflict("--ha shares the journal, so it cannot be used with --no-journal")) {
      try StartCommand.options(start.parse(["--ha", "redis://127.0.0.1:6379/0", "--no-journal"]))
    }
    #expect(throws: UsageError.invalidValue(name: "--ha-lease-ms", value: "100", expected: "milliseconds ≥ 300")) {
      try StartCommand.options(start.parse(["--ha", "redis://127.0.0.1:6379/0", "--ha-lease-ms", "100"]))
    }
  }

  @Test func controlListenAdvertisesATCPAddressAndNeedsATokenBeyondLoopback() throws {
    let options = try StartCommand.options(
      start.parse(["--ha", "redis://127.0.0.1:6379/0", "--ha-replicas", "1", "--control-listen", "10.0.0.5:7401", "--control-token", "t"]))
    #expect(options.highAvailability?.replicas == 1)
    #expect(options.controlListen?.advertised(port: 7401) == "tcp://10.0.0.5:7401" && options.controlListen?.token == "t")
    #expect(throws: UsageError.self) { try StartCommand.options(start.parse(["--control-listen", "10.0.0.5:7401"])) }
    // Port 0 with --ha: the lease advertises the port the listener took.
    let picked = try StartCommand.options(start.parse(["--ha", "redis://127.0.0.1:6379/0", "--control-listen", "127.0.0.1:0"]))
    #expect(picked.controlListen?.advertised(port: 40123) == "tcp://127.0.0.1:40123")
    #expect(throws: UsageError.conflict("--ha-replicas needs --ha redis://HOST:PORT/DB")) {
      try StartCommand.options(start.parse(["--ha-replicas", "1"]))
    }
  }

  @Test func controlListenTakesABracketedIPv6AddressAndAdvertisesItSo() throws {
    let loopback = try StartCommand.options(start.parse(["--control-listen", "[::1]:7401"]))
    #expect(loopback.controlListen?.advertised(port: 7401) == "tcp://[::1]:7401" && loopback.controlListen?.token == nil)
    let remote = try StartCommand.options(start.parse(["--control-listen", "[2001:db8::5]:7401", "--control-token", "t"]))
    #expect(remote.controlListen?.advertised(port: 7401) == "tcp://[2001:db8::5]:7401")
    #expect(throws: UsageError.self) { try StartCommand.options(start.parse(["--control-listen", "[2001:db8::5]:7401"])) }
    #expect(throws: UsageError.self) { try StartCommand.options(start.parse(["--control-listen", "::1:7401"])) }
  }

  @Test func theLeaseNamesWhereTheLeaderIsReached() throws {
    let holder = LeaseHolder(runDirectory: "/run/a", controlAddress: "tcp://10.0.0.5:7401")
    #expect(LeaseHolder(holder.description) == holder)
    let plain = try #require(LeaseHolder("host-a/42 /var/run/switchyard dir"))
    #expect(plain.host == "host-a" && plain.pid == 42 && plain.controlAddress == nil && plain.runDirectory == "/var/run/switchyard dir")
  }

  @Test func aStandbysSocketNeverSaysLeaderAndNamesTheLeadersAddress() {
    // A node that has just won the lease, before the coordinator that leads replaces its socket.
    let won = HighAvailabilityReport(role: .leader, epoch: 3, leader: "elsewhere/7 tcp://10.0.0.5:7401 /run/a", appliedSequence: 9, lag: 0)
    let report = standbyReport(won)
    #expect(report.role == .standby && report.epoch == 3)
    #expect(report.leaderControlAddress == "tcp://10.0.0.5:7401" && report.leaderRunDirectory == nil)
  }
}
