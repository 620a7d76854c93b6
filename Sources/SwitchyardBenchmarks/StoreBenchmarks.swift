import ComposableArchitecture

/// The store's hot paths: a send to a trivial reducer, through nested scopes and into one row of
/// a `forEach`, plus building merged effects and an effect's start and cancellation.
enum StoreBenchmarks {
  static var cases: [BenchmarkCase] {
    [trivialSend, nestedScopeSend(handWritten: false), nestedScopeSend(handWritten: true)]
      + [100, 10_000, 100_000].map { forEachSend(rows: $0, handWritten: false) }
      + [forEachSend(rows: 10_000, handWritten: true)]
      + [mergeNone, startAndCancel]
  }

  static let trivialSend = BenchmarkCase(
    name: "store.send.trivial",
    summary: "send to a reducer that increments a counter",
    target: .atMostNanoseconds(500)
  ) { harness in
    let store = Store(initialState: 0) { Counter() }
    let sample = try await harness.measure { operations in
      for _ in 0..<operations { blackHole(store.send(.increment)) }
    }
    return BenchmarkMeasurement(sample)
  }

  static func nestedScopeSend(handWritten: Bool) -> BenchmarkCase {
    BenchmarkCase(
      name: handWritten ? "store.send.scope-10.hand-written" : "store.send.scope-10",
      summary: "send through 10 nested Scopes, "
        + (handWritten ? "hand-written case paths" : "\\.case key paths over /Enum.case"),
      // The target is for the idiomatic form; the hand-written form is its lower bound.
      target: handWritten ? nil : .atMostNanoseconds(2_000)
    ) { harness in
      let store = Store(initialState: Level1.State()) { Level1(handWritten: handWritten) }
      let action = Level1.Action.leafTap
      let sample = try await harness.measure { operations in
        for _ in 0..<operations { blackHole(store.send(action)) }
      }
      return BenchmarkMeasurement(sample)
    }
  }

  static func forEachSend(rows: Int, handWritten: Bool) -> BenchmarkCase {
    BenchmarkCase(
      name: "store.send.forEach-\(rows)" + (handWritten ? ".hand-written" : ""),
      summary: "send to the middle row of a forEach over \(rows) rows"
        + (handWritten ? ", hand-written case path" : ""),
      // Flat across row counts: a row's action must not pay for the rows it does not touch.
      target: handWritten ? nil : .atMostNanoseconds(2_000)
    ) { harness in
      let count = harness.mode.rows(rows)
      let store = Store(initialState: RowList.state(rows: count)) { RowList(handWritten: handWritten) }
      let action = RowList.Action.rows(.element(id: count / 2, action: .tap))
      let sample = try await harness.measure { operations in
        for _ in 0..<operations { blackHole(store.send(action)) }
      }
      return BenchmarkMeasurement(sample, note: count == rows ? "" : "quick mode: \(count) rows")
    }
  }

  static let mergeNone = BenchmarkCase(
    name: "effect.merge-100-none",
    summary: "build Effect.merge of 100 .none (TCA's 'create, flat')"
  ) { harness in
    let sample = try await harness.measure { operations in
      for _ in 0..<operations {
        blackHole(Effect<Int>.merge((0..<100).map { _ in Effect<Int>.none }))
      }
    }
    return BenchmarkMeasurement(sample)
  }

  static let startAndCancel = BenchmarkCase(
    name: "effect.start-cancel",
    summary: "send starting a cancellable .run, send cancelling it, await its end"
  ) { harness in
    let store = Store(initialState: 0) { Ticker() }
    let sample = try await harness.measure { operations in
      for _ in 0..<operations {
        let started = store.send(.start)
        store.send(.stop)
        await started.finish()
      }
    }
    return BenchmarkMeasurement(sample)
  }
}
