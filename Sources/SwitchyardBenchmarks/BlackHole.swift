/// Consumes a value so the optimiser cannot delete the computation that produced it.
///
/// `@_optimize(none)` keeps the call and its argument alive even when whole-module optimisation
/// can see the body is empty, which `@inline(never)` alone does not guarantee.
@_optimize(none) @inline(never)
public func blackHole<T>(_ value: T) {}
