/// A collection that encodes as an object whose keys come in an order that varies from process to
/// process: what ``WireJSONEncoder/OutputFormatting/deterministic`` writes with sorted keys.
protocol UnorderedKeys {}

extension Dictionary: UnorderedKeys {}
