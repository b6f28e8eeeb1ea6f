import Domain
import Presentation

/// How `add-card` ended, flattened into what the terminal draws and what `--json` prints,
/// so the two can never disagree. The schema is `docs/add-card.schema.json`.
struct AddCardSnapshot: Equatable, Encodable {
  enum Status: String, Encodable {
    case saved
    case alreadySaved
    case invalid
    case declined
    case error
  }

  /// A card as every output shows one: brand and last four, never more.
  struct Card: Equatable, Encodable {
    var title: String
    var subtitle: String
    var accessibilityLabel: String = ""
  }

  var status: Status
  var card: Card?
  /// Every field's messages, an empty list for a field without problems.
  var fieldErrors: [String: [String]]
  var error: ScreenSnapshot.Notice?
  var action: ScreenSnapshot.Action?
  /// The issuer's decline, with what to do next; nil unless declined.
  var declined: ScreenSnapshot.Decline?
  /// How the bank's approval (3-D Secure) ended; nil for a card that needed none.
  var authentication: Authentication?
  /// What the screen ended on, for the exit code; not part of the JSON.
  var ending: ExitCode.Ending

  var exitCode: ExitCode { ExitCode(ending) }

  /// The bank's approval as `--json` writes it: `succeeded`, `failed`, `canceled` or
  /// `timedOut`, and the sentence the user read.
  struct Authentication: Equatable, Encodable {
    var status: String
    var message: String

    @MainActor
    init?(_ approval: CardApproval?) {
      guard let approval, let outcome = approval.outcome else { return nil }
      // `--json` has always called the bank's decline `failed`, as the backend does.
      status = approval.status == .declined ? "failed" : approval.status.rawValue
      message = outcome
    }
  }

  enum CodingKeys: String, CodingKey {
    case status, card, fieldErrors, error, action, declined, authentication
  }

  /// Writes every key, null included, so consumers can rely on the shape. By hand, as
  /// `ScreenSnapshot` is: synthesized encoding leaves a nil key out.
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(status, forKey: .status)
    try container.encode(card, forKey: .card)
    try container.encode(fieldErrors, forKey: .fieldErrors)
    try container.encode(error, forKey: .error)
    try container.encode(action, forKey: .action)
    try container.encode(declined, forKey: .declined)
    try container.encode(authentication, forKey: .authentication)
  }
}

extension AddCardSnapshot {
  /// How the last submission ended, as `add-card` says it; nil while none has.
  @MainActor
  init?(_ viewModel: AddCardViewModel, words: TerminalWords) {
    var fieldErrors: [String: [String]] = [:]
    for field in CardField.allCases {
      fieldErrors[field.rawValue] = viewModel.fieldErrors[field] ?? []
    }
    let authentication = Authentication(viewModel.approval)
    // The bank's no tells the form's user that the card is still in the form; on the
    // command line there is none, so its hint says how to try again there.
    let bankFailure = viewModel.approval?.failure
    let bankFailureHere = bankFailure.map {
      words.labels.error($0, withHint: words["approval.commandLineHint"])
    }
    var failure = viewModel.failure
    if case .failed(let presented)? = failure, presented == bankFailure, let bankFailureHere {
      failure = .failed(bankFailureHere)
    }
    switch (viewModel.phase, failure) {
    case (.saved(let row, let alreadySaved), _):
      self.init(
        status: alreadySaved ? .alreadySaved : .saved,
        card: Card(
          title: row.title, subtitle: row.subtitle, accessibilityLabel: row.accessibilityLabel),
        fieldErrors: fieldErrors, authentication: authentication,
        ending: .shown)
    case (.bankDidNotAnswer, _):
      guard let failure = bankFailureHere else { return nil }
      self.init(
        status: .error, fieldErrors: fieldErrors, error: ScreenSnapshot.Notice(failure),
        authentication: authentication, ending: .failed(failure.category))
    case (.invalid, _):
      self.init(status: .invalid, fieldErrors: fieldErrors, ending: .invalidCard)
    case (_, let failure?):
      let (error, action) = Self.notice(for: failure)
      let (status, ending): (Status, ExitCode.Ending) =
        switch failure {
        case .declined: (.declined, .declined)
        case .failed(let presented): (.error, .failed(presented.category))
        case .journey(let decision): (.error, .journey(decision.journey))
        }
      self.init(
        status: status, fieldErrors: fieldErrors, error: error, action: action,
        declined: ScreenSnapshot.Decline(failure), authentication: authentication,
        ending: ending)
    case (.editing, nil), (.submitting, nil), (.waitingForBank, _):
      return nil
    }
  }

  /// Why the card was not saved, as the notice above the form and the journey's button.
  static func notice(for failure: AddCardViewModel.Failure) -> (
    ScreenSnapshot.Notice, ScreenSnapshot.Action?
  ) {
    switch failure {
    case .declined(let decline): (ScreenSnapshot.Notice(decline.notice), nil)
    case .failed(let presented): (ScreenSnapshot.Notice(presented), nil)
    case .journey(let decision):
      (ScreenSnapshot.Notice(decision), ScreenSnapshot.Action(decision))
    }
  }
}

extension ScreenRenderer {
  /// `add-card`'s outcome in the screens' box.
  func render(_ snapshot: AddCardSnapshot) -> String {
    var body: [String] = []
    switch snapshot.status {
    case .saved, .alreadySaved:
      let card = snapshot.card ?? AddCardSnapshot.Card(title: "", subtitle: "")
      let saved = words.labels.saved(card.title, alreadySaved: snapshot.status == .alreadySaved)
      body += wrapped(saved, prefix: "✔ ", style: palette.green)
      body += wrapped(card.subtitle, prefix: "  ", style: palette.dim)
      // After the bank's approval: it said yes.
      if let approved = snapshot.authentication?.message {
        body += wrapped(approved, prefix: "  ", style: palette.dim)
      }
    case .invalid:
      body += wrapped(words.labels.checkDetails, prefix: "✖ ", style: palette.bold)
      for field in CardField.allCases {
        for message in snapshot.fieldErrors[field.rawValue] ?? [] {
          body += wrapped(
            "\(words.labels.label(field)): \(message)", prefix: "  ", style: palette.red)
        }
      }
    case .declined, .error:
      if let error = snapshot.error { body += errorLines(error, action: snapshot.action) }
    }
    return box(
      title: words.labels.addCardTitle, body: body, references: [snapshot.error?.traceId]
    ).text
  }
}
