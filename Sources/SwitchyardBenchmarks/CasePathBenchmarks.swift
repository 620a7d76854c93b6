import ComposableArchitecture

/// Extracting an action's payload through each kind of case path, on a match and a mismatch.
///
/// Scoping pays one extraction per level per action, so these set the floor under every
/// `Scope`, `ifLet` and `forEach` case in ``StoreBenchmarks``.
enum CasePathBenchmarks {
  /// An action shaped like a parent feature's: a child's action and a few siblings.
  enum Action: CasePathable {
    case child(ChildAction)
    case refresh
    case loaded(Int)

    struct AllCasePaths {
      var child: AnyCasePath<Action, ChildAction> { /Action.child }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  /// A child's action carrying a payload, so extraction copies a realistic value.
  enum ChildAction {
    case textChanged(String)
    case submit
  }

  static let matching = Action.child(.textChanged("switchyard"))
  static let mismatching = Action.loaded(42)

  static var cases: [BenchmarkCase] {
    extraction("reflection", path: /Action.child)
      + extraction(
        "hand-written",
        path: AnyCasePath(embed: { .child($0) }, extract: { if case let .child(a) = $0 { a } else { nil } })
      )
      + extraction("key-path", path: AnyCasePath(\Case<Action>.child))
      + [keyPathSubscript]
  }

  /// A prebuilt path, timed on an action of its case and on one of another case.
  static func extraction(_ kind: String, path: AnyCasePath<Action, ChildAction>) -> [BenchmarkCase] {
    [(matching, "match"), (mismatching, "mismatch")].map { action, outcome in
      BenchmarkCase(
        name: "casepath.\(kind).\(outcome)",
        summary: "extract through a \(kind) case path, action of \(outcome == "match" ? "its" : "another") case"
      ) { harness in
        let sample = try await harness.measure { operations in
          for _ in 0..<operations { blackHole(path.extract(from: action)) }
        }
        return BenchmarkMeasurement(sample)
      }
    }
  }

  /// `action[case: \.child]`, which resolves the key path on every call, as `store.receive` does.
  static let keyPathSubscript = BenchmarkCase(
    name: "casepath.key-path-subscript.match",
    summary: "action[case: \\.child], resolving the key path each time"
  ) { harness in
    let action = matching
    let sample = try await harness.measure { operations in
      for _ in 0..<operations { blackHole(action[case: \.child]) }
    }
    return BenchmarkMeasurement(sample)
  }
}
