/// One of the effects an effect is made of, as ``Effect/parts`` lists them: its kind, what its
/// maker labelled it with, and the id it can be cancelled with.
///
/// What a journal records of the effects a reduction returned, so that a replay can tell when the
/// reducer now returns others.
package struct EffectPart: Sendable {
  /// What the effect does.
  package enum Kind: Sendable {
    /// Sends an action.
    case send
    /// Runs async work.
    case run
    /// Starts work that reports back on its own (``Effect/handled(label:_:)``).
    case handled
    /// Cancels the work running under `id`, the user's id.
    case cancel(id: any Hashable & Sendable)
  }

  package var kind: Kind
  /// What the effect's maker says it is (``Effect/labelled(_:)``): a remote effect's job.
  package var label: (any Sendable)?
  /// The user's id the effect can be cancelled with, and whether it cancels what runs under that id
  /// first: its outermost `.cancellable`, if any.
  package var cancellable: (id: any Hashable & Sendable, cancelInFlight: Bool)?
}

extension Effect {
  /// The effects this one is made of, in the order the reducer put them together, merges and
  /// concatenations flattened; empty for ``none``.
  package var parts: [EffectPart] {
    var parts: [EffectPart] = []
    appendParts(to: &parts, cancellable: nil)
    return parts
  }

  private func appendParts(to parts: inout [EffectPart], cancellable: (id: any Hashable & Sendable, cancelInFlight: Bool)?) {
    switch operation {
    case .none:
      return
    case .send:
      parts.append(EffectPart(kind: .send, cancellable: cancellable))
    case let .run(run):
      parts.append(EffectPart(kind: .run, label: run.label, cancellable: cancellable))
    case let .handled(handled):
      parts.append(EffectPart(kind: .handled, label: handled.label, cancellable: cancellable))
    case let .cancel(id):
      parts.append(EffectPart(kind: .cancel(id: id.id.base)))
    case let .merge(effects), let .concatenate(effects):
      for effect in effects { effect.appendParts(to: &parts, cancellable: cancellable) }
    case let .cancellable(id, cancelInFlight, effect):
      effect.appendParts(to: &parts, cancellable: cancellable ?? (id.id.base, cancelInFlight))
    case let .tracked(effect, _):
      effect.appendParts(to: &parts, cancellable: cancellable)
    }
  }

  /// This effect, labelled with what it is, for ``parts``: a run or handled effect takes `label`,
  /// any other is returned as it is.
  ///
  /// How an executor that builds a remote effect as a `.run` says it is one.
  package func labelled(_ label: any Sendable) -> Self {
    switch operation {
    case var .run(run):
      run.label = label
      return Self(operation: .run(run))
    case var .handled(handled):
      handled.label = label
      return Self(operation: .handled(handled))
    case .none, .send, .merge, .concatenate, .cancellable, .cancel, .tracked:
      return self
    }
  }
}
