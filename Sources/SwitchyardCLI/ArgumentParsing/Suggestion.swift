/// The known word a mistyped one most likely meant, for "did you mean" in usage errors.
///
/// Distance is optimal string alignment (Levenshtein with adjacent transpositions, as git and
/// kubectl count it), so `stauts` is one edit from `status`; a word further than a third of its
/// length from every candidate gets no suggestion rather than a wild guess.
enum Suggestion {
  /// The candidate closest to `word`, or `nil` when none is close enough.
  static func closest(to word: String, among candidates: [String]) -> String? {
    let typed = Array(word.lowercased())
    let limit = max(1, typed.count / 3)
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let distance = self.distance(typed, Array(candidate.lowercased()))
      if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
    }
    return best?.candidate
  }

  private static func distance(_ a: [Character], _ b: [Character]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previous2[j - 2] + 1)
        }
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }
}
