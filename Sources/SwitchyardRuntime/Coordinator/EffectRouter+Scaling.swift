extension EffectRouter {
  /// Sets the number of workers of `kind` (see ``PoolSupervisor/scale(to:)``), once the kind and
  /// size are known to be valid.
  func scale(_ kind: JobKind, to size: Int) throws(CoordinatorError) {
    guard let supervisor = supervisors[kind] else {
      throw .unknownPool(kind, known: supervisors.keys.map(\.rawValue).sorted())
    }
    guard size >= 0 else { throw .invalidPoolSize(kind, size) }
    if let advice = transport(for: kind).scalingAdvice { throw .poolNotScalable(kind, advice: advice) }
    let limit = supervisor.configuration.maxSize
    guard size <= limit else { throw .poolSizeOverLimit(kind, size, limit: limit) }
    apply(supervisor.scale(to: size), in: supervisor)
  }
}
