/// What of a screen taller than the terminal is in sight.
extension InteractiveFrame {
  /// At most `room` of `lines`: from the top, unless that would hide some of the `focus`
  /// lines, in which case the lines scroll just enough to show them (their start, when
  /// they are more than there is room for). A side with lines out of sight says so in its
  /// outermost line.
  ///
  /// - Parameter scroll: lines to scroll on from there: `freely` over all the lines, and
  ///   otherwise only within a focus taller than the room (a notice, a row with its
  ///   failure), which ↑↓ read through before they move on.
  /// - Parameter blocks: lines that read only from their first (a notice: its title, then
  ///   its message). One cut at the top is shown from its first line where the focus still
  ///   fits, and otherwise left out of sight, the window ending short.
  /// - Parameter boxed: whether the first line is the box's top edge, which says nothing:
  ///   where it is all that is out of sight above, no marker takes the line under it (the
  ///   screen's title).
  func visible(
    _ lines: [String], keeping focus: Range<Int>?, room: Int, width: Int,
    scroll: (lines: Int, freely: Bool) = (0, false), blocks: [Range<Int>] = [],
    boxed: Bool = false
  ) -> [String] {
    guard lines.count > room else { return lines }
    guard room > 0 else { return [] }
    // The markers take a line each: with fewer than four, the room is all for content.
    let marks = room >= 4
    var start = 0
    if let focus, !focus.isEmpty, focus.lowerBound < lines.count {
      let end = min(focus.upperBound, lines.count)
      // The focus's end above the bottom marker…
      start = max(0, end + (marks ? 1 : 0) - room)
      // …unless that would hide its start, which stays below the top marker.
      start = min(start, max(0, focus.lowerBound - (marks ? 1 : 0)))
    }
    start = min(start, lines.count - room)
    let unscrolled = start
    if scroll.freely {
      start += scroll.lines
    } else if let focus, focus.count > room - (marks ? 2 : 0) {
      let lowest = focus.upperBound + (marks ? 1 : 0) - room
      start = min(max(start + scroll.lines, focus.lowerBound - (marks ? 1 : 0)), lowest)
    }
    start = min(max(0, start), lines.count - room)
    // A window the user scrolled stays where they put it; a focus that fits keeps it.
    let scrolled = start != unscrolled
    var end = start + room
    // The first line in sight, under the top marker, in the middle of a block.
    var first = start + (marks && start > 0 && !(boxed && start == 1) ? 1 : 0)
    if !scrolled, start > 0, let block = blocks.first(where: { $0.contains(first) }),
      block.lowerBound < first, block.upperBound <= focus?.lowerBound ?? lines.count
    {
      let up = block.lowerBound - (marks ? 1 : 0)
      if up >= 0, focus.map({ $0.upperBound + (marks ? 1 : 0) <= up + room }) ?? true {
        (start, end) = (up, up + room)
      } else {
        start = block.upperBound - (marks ? 1 : 0)
        end = min(lines.count, start + room)
      }
      first = start + (marks && start > 0 && !(boxed && start == 1) ? 1 : 0)
    }
    var window = Array(lines[start..<end])
    if marks {
      let above = palette.dim(CellWidth.truncated("  " + words["frame.moreAbove"], to: width))
      let below = palette.dim(CellWidth.truncated("  " + words["frame.moreBelow"], to: width))
      if first > start { window[0] = above }
      if end < lines.count { window[window.count - 1] = below }
    }
    return window
  }
}
