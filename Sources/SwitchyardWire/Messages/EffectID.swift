/// The coordinator's number for one run of a remote effect, unique for the coordinator's life.
///
/// A plain integer keeps messages flat and hashing cheap; the ``Run/generation`` tells apart a
/// retried attempt's late replies from the current one's.
public typealias EffectID = UInt64
