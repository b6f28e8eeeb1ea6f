extension InteractiveScreen {
  /// What the user would do next, for a journey this app cannot finish itself.
  enum Guidance: Equatable {
    case updateApp
    /// Reach support, quoting the reference if there is one.
    case contactSupport(reference: String?)

    func text(_ words: TerminalWords) -> String {
      switch self {
      case .updateApp: words["guidance.update"]
      case .contactSupport(let reference?): words["guidance.support.reference", reference]
      case .contactSupport(nil): words["guidance.support"]
      }
    }
  }
}
