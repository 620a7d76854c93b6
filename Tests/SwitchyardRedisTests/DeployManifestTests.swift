import Foundation
import SwitchyardTestSupport
import SwitchyardWire
import Testing
@testable import SwitchyardRedis

/// deploy/: every manifest is YAML of the expected shape, selectors match labels, autoscalers
/// point at real Deployments and at the streams the transport writes, and every `switchyard`
/// command line uses only the flags listed in deploy/cli-flags.txt.
@Suite struct DeployManifestTests {
  static let kinds = ["search", "websocket", "pagination"]

  /// Every document of every manifest, with the file it came from.
  func documents() async throws -> [(file: String, document: JSONValue)] {
    try await DeployFiles.manifests().sorted { $0.key < $1.key }.flatMap { file, documents in documents.map { (file, $0) } }
  }

  func resources(_ kind: String, in documents: [(file: String, document: JSONValue)]) -> [JSONValue] {
    documents.map(\.document).filter { $0[dottedPath: "kind"]?.stringValue == kind }
  }

  func labels(_ value: JSONValue?) -> [String: String] {
    (value?.objectValue ?? [:]).compactMapValues(\.stringValue)
  }

  @Test func everyManifestIsYAMLWithKindAndName() async throws {
    #expect(DeployFiles.manifestNames.count >= 8)
    let documents = try await documents()
    #expect(Set(documents.map(\.file)) == Set(DeployFiles.manifestNames), "every file holds a document")
    for (file, document) in documents {
      #expect(document[dottedPath: "apiVersion"]?.stringValue != nil, "\(file): apiVersion")
      #expect(document[dottedPath: "kind"]?.stringValue != nil, "\(file): kind")
      if document[dottedPath: "kind"]?.stringValue != "Kustomization" {
        #expect(document[dottedPath: "metadata.name"]?.stringValue != nil, "\(file): metadata.name")
      }
    }
    let listed = resources("Kustomization", in: documents).first?[dottedPath: "resources"]?.arrayValue?.compactMap(\.stringValue) ?? []
    #expect(Set(listed).isSubset(of: Set(DeployFiles.manifestNames)), "kustomization lists files that exist")
  }

  @Test func workloadSelectorsMatchTheirPodsAndServicesFindThem() async throws {
    let documents = try await documents()
    let workloads = resources("Deployment", in: documents) + resources("StatefulSet", in: documents)
    #expect(workloads.count == Self.kinds.count + 2)
    var podLabels: [[String: String]] = []
    for workload in workloads {
      let name = workload[dottedPath: "metadata.name"]?.stringValue ?? "?"
      let selector = labels(workload[dottedPath: "spec.selector.matchLabels"])
      let pod = labels(workload[dottedPath: "spec.template.metadata.labels"])
      #expect(!selector.isEmpty, "\(name) selects by labels")
      #expect(selector.allSatisfy { pod[$0.key] == $0.value }, "\(name)'s selector matches its pods")
      podLabels.append(pod)
    }
    for service in resources("Service", in: documents) {
      let selector = labels(service[dottedPath: "spec.selector"])
      #expect(podLabels.contains { pod in selector.allSatisfy { pod[$0.key] == $0.value } },
        "service \(service[dottedPath: "metadata.name"]?.stringValue ?? "?") selects some pods")
    }
  }

  @Test func redisKeepsAnAppendOnlyFileAndTheCoordinatorIsOneReplicaWithAVolume() async throws {
    let documents = try await documents()
    let statefulSets = resources("StatefulSet", in: documents)
    let redis = try #require(statefulSets.first { $0[dottedPath: "metadata.name"]?.stringValue == "redis" })
    let redisArguments = redis[dottedPath: "spec.template.spec.containers.0.args"]?.arrayValue?.compactMap(\.stringValue) ?? []
    #expect(redisArguments.contains("--appendonly") && redisArguments.contains("yes"))
    #expect(redis[dottedPath: "spec.volumeClaimTemplates.0.metadata.name"]?.stringValue == "data")

    let coordinator = try #require(statefulSets.first { $0[dottedPath: "metadata.name"]?.stringValue == "coordinator" })
    #expect(coordinator[dottedPath: "spec.replicas"]?.int64Value == 1)
    let claim = coordinator[dottedPath: "spec.volumeClaimTemplates.0.metadata.name"]?.stringValue
    #expect(claim != nil)
    #expect(coordinator[dottedPath: "spec.template.spec.containers.0.volumeMounts.0.name"]?.stringValue == claim)
    let command = coordinator[dottedPath: "spec.template.spec.containers.0.command"]?.arrayValue?.compactMap(\.stringValue) ?? []
    let runDirectory = command.firstIndex(of: "--run-dir").map { command[$0 + 1] }
    #expect(runDirectory == coordinator[dottedPath: "spec.template.spec.containers.0.volumeMounts.0.mountPath"]?.stringValue,
      "the run directory is on the volume")
  }

  @Test func eachKindHasWorkersAndAutoscalersOnItsStream() async throws {
    let documents = try await documents()
    let layout = StreamLayout(coordinator: "switchyard")
    let deployments = resources("Deployment", in: documents)
    let scaledObjects = resources("ScaledObject", in: documents)
    let autoscalers = resources("HorizontalPodAutoscaler", in: documents)
    for kind in Self.kinds {
      let deployment = try #require(deployments.first { labels($0[dottedPath: "metadata.labels"])["switchyard.dev/kind"] == kind })
      let name = try #require(deployment[dottedPath: "metadata.name"]?.stringValue)
      let command = deployment[dottedPath: "spec.template.spec.containers.0.command"]?.arrayValue?.compactMap(\.stringValue) ?? []
      #expect(Array(command.prefix(3)) == ["switchyard", "worker", kind])
      let broker = command.firstIndex(of: "--broker").map { command[$0 + 1] }
      #expect(broker.map { (try? RedisConfiguration(url: $0)) != nil } == true, "\(name)'s --broker is a URL the client reads")

      let scaled = try #require(scaledObjects.first { $0[dottedPath: "spec.scaleTargetRef.name"]?.stringValue == name })
      #expect(scaled[dottedPath: "spec.triggers.0.type"]?.stringValue == "redis-streams")
      #expect(scaled[dottedPath: "spec.triggers.0.metadata.stream"]?.stringValue == layout.jobs(kind))
      #expect(scaled[dottedPath: "spec.triggers.0.metadata.consumerGroup"]?.stringValue == StreamLayout.workerGroup)
      #expect(scaled[dottedPath: "spec.triggers.0.metadata.pendingEntriesCount"]?.stringValue.flatMap { Int($0) } != nil)

      let autoscaler = try #require(autoscalers.first { $0[dottedPath: "spec.scaleTargetRef.name"]?.stringValue == name })
      #expect(autoscaler[dottedPath: "spec.scaleTargetRef.kind"]?.stringValue == "Deployment")
    }
  }

  @Test func theWorkerTemplateUnitParses() throws {
    let unit = try SystemdUnit(parsing: DeployFiles.text("switchyard-worker@.service"))
    #expect(Set(unit.sections.keys) == ["Unit", "Service", "Install"])
    let start = try #require(unit.value("ExecStart", in: "Service"))
    #expect(start.hasPrefix("/"), "ExecStart is an absolute path")
    #expect(start.contains("worker %i"), "the instance name is the kind")
    #expect(unit.value("Restart", in: "Service") == "always")
    #expect(unit.value("WantedBy", in: "Install") == "multi-user.target")
    // The coordinator's unit beside it parses too.
    let coordinator = try SystemdUnit(parsing: DeployFiles.text("switchyard.service"))
    #expect(coordinator.value("ExecStart", in: "Service") != nil)
    #expect(throws: SystemdUnit.Malformed.self) { try SystemdUnit(parsing: "[Service]\nExecStart /bin/true\n") }
  }

  @Test func everyCommandLineUsesOnlyListedFlags() async throws {
    let allowed = try DeployFiles.allowedFlags()
    #expect(allowed["worker"]?.contains("--broker") == true && allowed["start"]?.contains("--pools") == true)
    var lines: [(source: String, words: [String])] = []
    for (file, document) in try await documents() {
      for path in ["spec.template.spec.containers.0.command", "spec.template.spec.containers.0.args"] {
        if let words = document[dottedPath: path]?.arrayValue?.compactMap(\.stringValue) { lines.append((file, words)) }
      }
    }
    for file in ["switchyard-worker@.service", "switchyard.service", "README.md", "Containerfile"] {
      for line in try DeployFiles.text(file).split(separator: "\n") where !line.hasPrefix("#") {
        lines.append((file, line.split(separator: " ").map(String.init)))
      }
    }
    var checked = 0
    for (source, words) in lines {
      for invocation in DeployFiles.invocations(in: words) {
        checked += 1
        let known = allowed[invocation.subcommand] ?? []
        for flag in invocation.flags {
          #expect(known.contains(flag), "\(source): `switchyard \(invocation.subcommand) \(flag)` is not in deploy/cli-flags.txt")
        }
      }
    }
    #expect(checked >= 5, "the manifests, units and README were searched")
  }
}
