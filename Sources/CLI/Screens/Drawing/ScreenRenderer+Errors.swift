/// What went wrong, as every box draws it: an error or a journey, a source that could not
/// load, a change that failed; with what to do, the reference for support, and the button.
extension ScreenRenderer {
  /// An error or a journey: what went wrong, what to do, the reference, the button.
  func errorLines(_ error: ScreenSnapshot.Notice, action: ScreenSnapshot.Action?) -> [String] {
    var lines = failureLines(
      title: error.title, message: error.message, hint: error.hint, traceID: error.traceId)
    if let action {
      lines += row("")
      lines += buttonLines(action)
    }
    return lines
  }

  /// What went wrong, what to do (if said), and the reference, `indent` in from the edge;
  /// the title's first line starts with `cursor` in place of the indent, when there is one.
  func failureLines(
    title: String, message: String, hint: String?, traceID: String?, indent: String = "",
    cursor: String? = nil
  ) -> [String] {
    var lines =
      wrapped(title, prefix: (cursor ?? indent) + "✖ ", style: { palette.red(palette.bold($0)) })
      + wrapped(message, prefix: indent + "  ", style: { $0 })
    if let hint { lines += wrapped(hint, prefix: indent + "→ ", style: palette.yellow) }
    if let traceID { lines += referenceLines(traceID, indent: indent + "  ") }
    return lines
  }

  /// The reference the user quotes to support, never split across lines: beside its label
  /// when both fit, otherwise on a line of its own, the box's whole width, and where even
  /// that is too narrow, whole under the box (`box(references:)` writes it there).
  private func referenceLines(_ traceID: String, indent: String) -> [String] {
    let shown = UntrustedText.escaped(traceID)
    let label = words["reference.label"]
    guard CellWidth.of(indent + label + " " + shown) > innerWidth else {
      return wrapped(label + " " + traceID, prefix: indent, style: palette.dim)
    }
    guard fitsInBox(traceID) else {
      return wrapped(words["reference.underTheBox"], prefix: indent, style: palette.dim)
    }
    return wrapped(label, prefix: indent, style: palette.dim)
      + wrapped(traceID, prefix: "", style: palette.dim)
  }

  /// Whether a reference fits a line of the box on its own.
  func fitsInBox(_ traceID: String) -> Bool {
    CellWidth.of(UntrustedText.escaped(traceID)) <= innerWidth
  }

  /// The journey's button, as the screen shows it: "[ Sign in ]".
  func buttonLines(_ action: ScreenSnapshot.Action) -> [String] {
    wrapped("[ \(action.button) ]", prefix: "  ", style: palette.bold)
  }
}
