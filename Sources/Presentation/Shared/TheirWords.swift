import Domain

/// What a backend, a card's issuer or a bank says in its own words, decided here once: the
/// screen shows the app's words for the answer, in the user's language, and the developer
/// log keeps theirs, which come in whatever language they were written in.
///
/// - An issuer's decline of a listed card has a reason (`blocked`, `expired`), and a bank
///   that must approve a card answers `requires_action`: the app's words for these say as
///   much as theirs, so theirs are never shown, in any language.
/// - A field the backend refused (a 422 `validation_failed`) comes with words and no code:
///   the app's own can only say that the field was not accepted. The contract's words are
///   English (docs/HTTP.md), so an English screen shows them, which say why; a screen in any
///   other language says the app's words.
extension ErrorPresenter {
  /// `subject`, with their words about it if they gave any, for the developer log alone: at
  /// info, since the answer they came with is no error of the app's.
  func log(theirWords said: String?, about subject: String, metadata: [String: String] = [:]) {
    var metadata = metadata
    if let said, !said.isEmpty { metadata[LogMetadataKey.theirWords] = said }
    logger.log(.info, subject, metadata: metadata)
  }

  /// The problems of the fields the backend refused, in words: the app's own, or, for a
  /// problem in the backend's words, as `Phrasebook.refusal` says; those words are logged.
  func present(refused errors: [CardField: [CardProblem]]) -> [CardField: [String]] {
    var worded: [CardField: [String]] = [:]
    for (field, problems) in errors.sorted(by: { $0.key < $1.key }) where !problems.isEmpty {
      worded[field] = problems.map { problem in
        if case .described(let said) = problem {
          log(theirWords: said, about: "the backend refused the card's \(field.rawValue)")
        }
        return words.sentence(for: problem, in: field)
      }
    }
    return worded
  }
}

extension Phrasebook {
  /// A field the backend refused in its own words: those words on an English screen, the
  /// app's in any other language (see the rule above).
  func refusal(_ said: String, of field: CardField) -> String {
    guard languageCode != "en" else { return said }
    return switch field {
    case .number: self["card.number.refused"]
    case .expiry: self["card.expiry.refused"]
    case .securityCode: self["card.cvc.refused"]
    case .name: self["card.name.refused"]
    }
  }
}
