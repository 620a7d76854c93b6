import Foundation

/// An inverted index over ``SearchRecord``s: answers a query with the best-scoring records.
///
/// Every word of a query must match a word of a record, either exactly or as its prefix, so results
/// narrow as the user types ("cop" already finds "Copper"). A match scores the word's inverse
/// document frequency, scaled down by how much of the word the prefix covers; a record's score sums
/// its query words' best matches. Equal scores are ordered by id, so answers never vary.
public struct SearchIndex: Sendable {
  private struct Posting: Sendable {
    var record: Int
    var frequency: Int
  }

  private let records: [SearchRecord]
  /// Every distinct word, sorted, so the words a prefix matches are one contiguous run.
  private let terms: [String]
  /// For each of ``terms``, the records holding it.
  private let postings: [[Posting]]
  /// For each of ``terms``, its inverse document frequency.
  private let weights: [Double]

  /// Builds the index of `records`.
  public init(records: [SearchRecord]) {
    var postingsByTerm: [String: [Posting]] = [:]
    for (position, record) in records.enumerated() {
      var frequencies: [String: Int] = [:]
      for token in SearchTokenizer.tokens(record.title) { frequencies[token, default: 0] += 1 }
      for (token, frequency) in frequencies {
        postingsByTerm[token, default: []].append(Posting(record: position, frequency: frequency))
      }
    }
    self.records = records
    self.terms = postingsByTerm.keys.sorted()
    self.postings = terms.map { postingsByTerm[$0]! }
    let count = Double(records.count)
    self.weights = postings.map { log(1 + count / Double($0.count)) }
  }

  /// The index of ``SearchCorpus``, built once per process on first use.
  public static let corpus = SearchIndex(records: SearchCorpus.records())

  /// How many records the index holds.
  public var recordCount: Int { records.count }

  /// The `limit` best matches for `query`, highest score first, and how many records matched in all.
  public func search(_ query: String, limit: Int) -> SearchResponse {
    // Sorted, so the scores add up in the same order on every run.
    let words = Set(SearchTokenizer.tokens(query)).sorted()
    guard let first = words.first else { return SearchResponse(query: query, results: [], totalMatches: 0) }
    var scores = bestMatches(for: first)
    for word in words.dropFirst() where !scores.isEmpty {
      let matches = bestMatches(for: word)
      scores = scores.reduce(into: [:]) { kept, entry in
        if let score = matches[entry.key] { kept[entry.key] = entry.value + score }
      }
    }
    let ranked = scores.sorted { lhs, rhs in
      lhs.value != rhs.value ? lhs.value > rhs.value : records[lhs.key].id < records[rhs.key].id
    }
    return SearchResponse(
      query: query,
      results: ranked.prefix(max(0, limit)).map { position, score in
        SearchResult(id: records[position].id, title: records[position].title, score: (score * 10_000).rounded() / 10_000)
      },
      totalMatches: ranked.count
    )
  }

  /// For each record holding a word that starts with `prefix`, the score of its best such word.
  private func bestMatches(for prefix: String) -> [Int: Double] {
    var best: [Int: Double] = [:]
    var index = firstTerm(notBelow: prefix)
    while index < terms.count, terms[index].hasPrefix(prefix) {
      let coverage = Double(prefix.count) / Double(terms[index].count)
      for posting in postings[index] {
        let score = weights[index] * coverage * (1 + log(Double(posting.frequency)))
        if score > best[posting.record, default: 0] { best[posting.record] = score }
      }
      index += 1
    }
    return best
  }

  /// The position of the first of ``terms`` not ordered before `word`.
  private func firstTerm(notBelow word: String) -> Int {
    var low = 0
    var high = terms.count
    while low < high {
      let middle = (low + high) / 2
      if terms[middle] < word { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
