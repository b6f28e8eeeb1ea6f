/// "Did you mean …?": the known name nearest to a mistyped one (a flag, a scenario, a key
/// of a scenario file).
public enum SpellingSuggestion {
  /// The most edits (insertions, deletions, substitutions) a typo may be from its name.
  public static let maximumDistance = 2

  /// The first of `names` within `maximumDistance` edits of `input`, nearest first.
  public static func nearest(to input: String, among names: [String]) -> String? {
    let typed = Array(input)
    var best: (name: String, distance: Int)?
    for name in names {
      let candidate = Array(name)
      // Lengths further apart than the limit cannot be close; skipping them keeps a huge
      // argument from costing time.
      guard abs(candidate.count - typed.count) <= maximumDistance else { continue }
      let distance = editDistance(typed, candidate)
      if distance <= maximumDistance, distance < (best?.distance ?? .max) {
        best = (name, distance)
      }
    }
    return best?.name
  }

  /// Levenshtein distance, one row at a time.
  static func editDistance(_ source: [Character], _ target: [Character]) -> Int {
    var previous = Array(0...target.count)
    for (row, sourceCharacter) in source.enumerated() {
      var current = [row + 1]
      for (column, targetCharacter) in target.enumerated() {
        let substitution = previous[column] + (sourceCharacter == targetCharacter ? 0 : 1)
        current.append(min(previous[column + 1] + 1, current[column] + 1, substitution))
      }
      previous = current
    }
    return previous[target.count]
  }
}
