import Foundation
import SwitchyardTestSupport
import SwitchyardWire
import Testing
@testable import SwitchyardRedis

/// deploy/: every manifest is YAML of the expected shape, selectors match labels, autoscalers
/// point at real Deployments and at the backlog the coordinator publishes, Redis needs a password
/// and admits only Switchyard's pods, probes ask what the CLI answers, and every `switchyard`
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

  static let secret = "redis-auth"

  /// The word after `flag` in `words`.
  func value(of flag: String, in words: [String]) -> String? {
    words.firstIndex(of: flag).flatMap { $0 + 1 < words.count ? words[$0 + 1] : nil }
  }

  /// The volume mounted in `workload`'s first container at a folder holding `path`, and where.
  func mount(of path: String, in workload: JSONValue) -> (volume: String, path: String)? {
    let mounts = workload[dottedPath: "spec.template.spec.containers.0.volumeMounts"]?.arrayValue ?? []
    for mount in mounts {
      guard let folder = mount[dottedPath: "mountPath"]?.stringValue, let volume = mount[dottedPath: "name"]?.stringValue,
        path.hasPrefix(folder + "/")
      else { continue }
      return (volume, folder)
    }
    return nil
  }

  /// The in-flight limit of each remote pool in the coordinator's `--pools` (`KIND=redis:N`).
  func coordinatorPoolLimits(in documents: [(file: String, document: JSONValue)]) throws -> [String: Int] {
    let coordinator = try #require(resources("StatefulSet", in: documents).first { $0[dottedPath: "metadata.name"]?.stringValue == "coordinator" })
    let command = coordinator[dottedPath: "spec.template.spec.containers.0.command"]?.arrayValue?.compactMap(\.stringValue) ?? []
    var limits: [String: Int] = [:]
    for entry in (value(of: "--pools", in: command) ?? "").split(separator: ",") {
      let parts = entry.split(separator: "=")
      guard parts.count == 2, parts[1].hasPrefix("redis:"), let limit = Int(parts[1].dropFirst("redis:".count)) else { continue }
      limits[String(parts[0])] = limit
    }
    return limits
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
    // Two coordinators with --ha, never on one node: a leader and a standby that takes over.
    #expect(coordinator[dottedPath: "spec.replicas"]?.int64Value == 2)
    let antiAffinity = coordinator[dottedPath: "spec.template.spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution.0"]
    #expect(antiAffinity?[dottedPath: "topologyKey"]?.stringValue == "kubernetes.io/hostname")
    #expect(antiAffinity?[dottedPath: "labelSelector.matchLabels"] == coordinator[dottedPath: "spec.selector.matchLabels"])
    let claim = coordinator[dottedPath: "spec.volumeClaimTemplates.0.metadata.name"]?.stringValue
    #expect(claim != nil)
    #expect(coordinator[dottedPath: "spec.template.spec.containers.0.volumeMounts.0.name"]?.stringValue == claim)
    let command = coordinator[dottedPath: "spec.template.spec.containers.0.command"]?.arrayValue?.compactMap(\.stringValue) ?? []
    let runDirectory = command.firstIndex(of: "--run-dir").map { command[$0 + 1] }
    #expect(runDirectory == coordinator[dottedPath: "spec.template.spec.containers.0.volumeMounts.0.mountPath"]?.stringValue,
      "the run directory is on the volume")
  }

  @Test func eachKindHasWorkersAndAutoscalersOnItsBacklog() async throws {
    let documents = try await documents()
    let layout = StreamLayout(coordinator: "switchyard")
    let deployments = resources("Deployment", in: documents)
    let scaledObjects = resources("ScaledObject", in: documents)
    let autoscalers = resources("HorizontalPodAutoscaler", in: documents)
    let authentications = Set(resources("TriggerAuthentication", in: documents).compactMap { $0[dottedPath: "metadata.name"]?.stringValue })
    let limits = try coordinatorPoolLimits(in: documents)
    for kind in Self.kinds {
      let deployment = try #require(deployments.first { labels($0[dottedPath: "metadata.labels"])["switchyard.dev/kind"] == kind })
      let name = try #require(deployment[dottedPath: "metadata.name"]?.stringValue)
      let command = deployment[dottedPath: "spec.template.spec.containers.0.command"]?.arrayValue?.compactMap(\.stringValue) ?? []
      #expect(Array(command.prefix(3)) == ["switchyard", "worker", kind])
      let broker = value(of: "--broker", in: command)
      #expect(broker.map { (try? RedisConfiguration(url: $0)) != nil } == true, "\(name)'s --broker is a URL the client reads")
      let concurrency = try #require(value(of: "--concurrency", in: command).flatMap { Int($0) }, "\(name) sets --concurrency")

      // KEDA scales on the pool's real backlog, one replica per --concurrency effects of it.
      let scaled = try #require(scaledObjects.first { $0[dottedPath: "spec.scaleTargetRef.name"]?.stringValue == name })
      #expect(scaled[dottedPath: "spec.triggers.0.type"]?.stringValue == "redis")
      #expect(scaled[dottedPath: "spec.triggers.0.metadata.listName"]?.stringValue == layout.backlog(kind))
      let target = scaled[dottedPath: "spec.triggers.0.metadata.listLength"]?.stringValue.flatMap { Int($0) }
      #expect(target == concurrency, "\(name): the target per replica is what one replica runs")
      let authentication = scaled[dottedPath: "spec.triggers.0.authenticationRef.name"]?.stringValue
      #expect(authentication.map(authentications.contains) == true, "\(name)'s trigger authenticates to Redis")
      // The stream holds at most the coordinator's in-flight limit: enough for every replica.
      let maxReplicas = try #require(scaled[dottedPath: "spec.maxReplicaCount"]?.int64Value)
      #expect(limits[kind] == Int(maxReplicas) * concurrency, "\(kind): in-flight limit \(limits[kind] ?? 0) = \(maxReplicas) replicas × \(concurrency)")

      let autoscaler = try #require(autoscalers.first { $0[dottedPath: "spec.scaleTargetRef.name"]?.stringValue == name })
      #expect(autoscaler[dottedPath: "spec.scaleTargetRef.kind"]?.stringValue == "Deployment")
    }
  }

  @Test func redisNeedsThePasswordEveryClientReadsFromTheSecret() async throws {
    let documents = try await documents()
    #expect(resources("Secret", in: documents).isEmpty, "no password is committed: the Secret is made at install")
    let redis = try #require(resources("StatefulSet", in: documents).first { $0[dottedPath: "metadata.name"]?.stringValue == "redis" })
    let container = try #require(redis[dottedPath: "spec.template.spec.containers.0"])
    let arguments = container[dottedPath: "args"]?.arrayValue?.compactMap(\.stringValue) ?? []
    let required = try #require(value(of: "--requirepass", in: arguments))
    let variable = String(required.dropFirst(2).dropLast())
    #expect(required.hasPrefix("$(") && required.hasSuffix(")"))
    let environment = container[dottedPath: "env"]?.arrayValue ?? []
    for name in [variable, "REDISCLI_AUTH"] {
      let entry = try #require(environment.first { $0[dottedPath: "name"]?.stringValue == name }, "redis sets \(name)")
      #expect(entry[dottedPath: "valueFrom.secretKeyRef.name"]?.stringValue == Self.secret)
      #expect(entry[dottedPath: "valueFrom.secretKeyRef.key"]?.stringValue == "password")
    }
    let clients = resources("Deployment", in: documents)
      + resources("StatefulSet", in: documents).filter { $0[dottedPath: "metadata.name"]?.stringValue == "coordinator" }
    #expect(clients.count == Self.kinds.count + 1)
    for client in clients {
      let name = client[dottedPath: "metadata.name"]?.stringValue ?? "?"
      let command = client[dottedPath: "spec.template.spec.containers.0.command"]?.arrayValue?.compactMap(\.stringValue) ?? []
      let file = try #require(value(of: "--broker-password-file", in: command), "\(name) reads the password")
      let secretMount = try #require(mount(of: file, in: client), "\(name) mounts \(file)")
      let volume = (client[dottedPath: "spec.template.spec.volumes"]?.arrayValue ?? []).first {
        $0[dottedPath: "name"]?.stringValue == secretMount.volume
      }
      #expect(volume?[dottedPath: "secret.secretName"]?.stringValue == Self.secret, "\(name): \(file) is the Secret's")
      let item = volume?[dottedPath: "secret.items"]?.arrayValue?.first { $0[dottedPath: "key"]?.stringValue == "password" }
      #expect(item?[dottedPath: "path"]?.stringValue == String(file.dropFirst(secretMount.path.count + 1)))
      #expect(client[dottedPath: "spec.template.spec.securityContext.fsGroup"]?.int64Value == 10001, "\(name) may read it")
    }
  }

  @Test func onlyTheCoordinatorAndTheWorkersReachRedis() async throws {
    let documents = try await documents()
    let listed = resources("Kustomization", in: documents).first?[dottedPath: "resources"]?.arrayValue?.compactMap(\.stringValue) ?? []
    let policies = resources("NetworkPolicy", in: documents)
    let policy = try #require(policies.first { $0[dottedPath: "metadata.name"]?.stringValue == "redis-clients" })
    #expect(listed.contains("networkpolicy.yaml"))
    let redis = try #require(resources("StatefulSet", in: documents).first { $0[dottedPath: "metadata.name"]?.stringValue == "redis" })
    let redisPods = labels(redis[dottedPath: "spec.template.metadata.labels"])
    let selected = labels(policy[dottedPath: "spec.podSelector.matchLabels"])
    #expect(!selected.isEmpty && selected.allSatisfy { redisPods[$0.key] == $0.value }, "the policy guards Redis's pods")
    #expect(policy[dottedPath: "spec.policyTypes"]?.arrayValue?.compactMap(\.stringValue) == ["Ingress"])
    let rules = policy[dottedPath: "spec.ingress"]?.arrayValue ?? []
    #expect(rules.count == 1)
    #expect(rules.first?[dottedPath: "ports.0.port"]?.int64Value == 6379)
    let sources = (rules.first?[dottedPath: "from"]?.arrayValue ?? []).map { labels($0[dottedPath: "podSelector.matchLabels"]) }
    #expect(sources.allSatisfy { !$0.isEmpty }, "every source is a pod selector in this namespace")
    let workloads = resources("Deployment", in: documents) + resources("StatefulSet", in: documents)
    for workload in workloads {
      let name = workload[dottedPath: "metadata.name"]?.stringValue ?? "?"
      let pod = labels(workload[dottedPath: "spec.template.metadata.labels"])
      let admitted = sources.contains { source in source.allSatisfy { pod[$0.key] == $0.value } }
      #expect(admitted == (name != "redis"), "\(name) \(admitted ? "reaches" : "does not reach") Redis")
    }
    // KEDA's operator reads the backlog lists, through its own policy beside the ScaledObjects.
    let keda = try #require(policies.first { $0[dottedPath: "metadata.name"]?.stringValue == "redis-keda" })
    #expect(keda[dottedPath: "spec.ingress.0.from.0.namespaceSelector.matchLabels"]?.objectValue?["kubernetes.io/metadata.name"]?.stringValue == "keda")
    #expect(!listed.contains("keda-scaledobjects.yaml"), "KEDA stays a separate choice")
  }

  @Test func theCoordinatorAndTheWorkersHaveProbesTheyCanAnswer() async throws {
    let documents = try await documents()
    let coordinator = try #require(resources("StatefulSet", in: documents).first { $0[dottedPath: "metadata.name"]?.stringValue == "coordinator" })
    let command = coordinator[dottedPath: "spec.template.spec.containers.0.command"]?.arrayValue?.compactMap(\.stringValue) ?? []
    let runDirectory = try #require(value(of: "--run-dir", in: command))
    for probe in ["startupProbe", "livenessProbe"] {
      let exec = coordinator[dottedPath: "spec.template.spec.containers.0.\(probe).exec.command"]?.arrayValue?.compactMap(\.stringValue)
      #expect(exec == ["switchyard", "status", "--run-dir", runDirectory], "the coordinator's \(probe) asks it for status")
    }
    // Ready only on the leader or a caught-up standby.
    let readiness = coordinator[dottedPath: "spec.template.spec.containers.0.readinessProbe.exec.command"]?.arrayValue?.compactMap(\.stringValue)
    #expect(readiness == ["switchyard", "status", "--ready", "--run-dir", runDirectory])
    for worker in resources("Deployment", in: documents) {
      let name = worker[dottedPath: "metadata.name"]?.stringValue ?? "?"
      let command = worker[dottedPath: "spec.template.spec.containers.0.command"]?.arrayValue?.compactMap(\.stringValue) ?? []
      let file = try #require(value(of: "--health-file", in: command), "\(name) writes a health file")
      #expect(mount(of: file, in: worker) != nil, "\(name)'s health file is on a volume of its own")
      var ages: [Int] = []
      for probe in ["readinessProbe", "livenessProbe"] {
        let exec = worker[dottedPath: "spec.template.spec.containers.0.\(probe).exec.command"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(exec.count == 3 && exec[2].contains(file), "\(name)'s \(probe) reads the health file: \(exec)")
        ages.append(exec.last.flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0)
      }
      // Ready while it beats (each second); restarted only when silent far past the 5 s in which
      // its jobs move to other workers anyway.
      #expect(ages[0] >= 5 && ages[0] < ages[1], "\(name): readiness \(ages[0]) s, liveness \(ages[1]) s")
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
      let container = "spec.template.spec.containers.0"
      let probes = ["startupProbe", "readinessProbe", "livenessProbe"].map { "\(container).\($0).exec.command" }
      for path in ["\(container).command", "\(container).args"] + probes {
        if let words = document[dottedPath: path]?.arrayValue?.compactMap(\.stringValue) { lines.append((file, words)) }
      }
    }
    for file in ["switchyard-worker@.service", "switchyard.service", "switchyard-ha.service", "README.md", "Containerfile"] {
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
