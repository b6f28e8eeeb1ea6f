import Domain

/// Why a form's submission did not go through; it stands above the form, and the user's
/// input stays.
public enum FormFailure: Sendable, Equatable {
  /// The issuer refused: the words of its reason, and what to do next.
  case declined(PresentedDecline)
  case failed(PresentationError)
  /// The app-level handlers sent the user on a journey (sign in, verify the account…).
  case journey(PresentedJourney)

  /// An error of a submission, as the presenter worded it (and logged it, once).
  init(_ presented: ErrorPresenter.Presented) {
    switch presented {
    case .journey(let decision): self = .journey(decision)
    case .failed(let error): self = .failed(error)
    }
  }
}
