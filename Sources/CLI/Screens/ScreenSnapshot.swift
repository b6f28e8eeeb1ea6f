import Domain
import Presentation

/// A screen's final State, flattened into what the terminal draws and what `--json`
/// prints, so the two can never disagree. The schema is `docs/state.schema.json`.
struct ScreenSnapshot: Equatable, Encodable {
  enum Status: String, Encodable {
    case loading
    case loaded
    case empty
    case error
  }

  struct Method: Equatable, Encodable {
    var kind: PaymentMethodRow.Kind
    var title: String
    /// The title as a screen reader reads it; not part of the JSON.
    var spokenTitle = ""
    var subtitle: String
    var selectable: Bool
    var selected: Bool
    /// The row as a screen reader reads it.
    var accessibilityLabel: String = ""
    /// The row's id: "wallet", "card-1", "apple-pay".
    var id: String = ""
    /// The user's default way to pay.
    var isDefault = false
    /// An expired card, which a new expiry would let pay again; not part of the JSON.
    var needsNewExpiry = false
    /// A change on its way to the backend; not part of the JSON (a final state has none).
    var write: PaymentMethodRow.Write?
    /// The change to this row that failed, if the last one did; not part of the JSON.
    var failedWrite: Notice?

    /// The keys `--json` writes; the rest is for the screen alone.
    enum CodingKeys: String, CodingKey {
      case id, kind, title, subtitle, selectable, selected, isDefault, accessibilityLabel
    }
  }

  /// A titled message with a hint, as the screen draws it and `--json` writes it: the
  /// screen's notice, or its error, which adds the recovery and the reference.
  struct Notice: Equatable, Encodable {
    var title: String
    var message: String
    var hint: String
    /// How the error can be recovered from; nil for a notice.
    var recovery: Recovery?
    /// Only where support has to take over.
    var traceId: String?
    /// The whole notice as a screen reader reads it, with the reference and the button.
    var accessibilityLabel: String = ""

    enum CodingKeys: String, CodingKey {
      case title, message, hint, recovery, traceId, accessibilityLabel
    }

    /// Writes every key, null included, like the snapshot itself, and the recovery as its
    /// description ("retryNow"). By hand: synthesized encoding would leave a nil key out.
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(title, forKey: .title)
      try container.encode(message, forKey: .message)
      try container.encode(hint, forKey: .hint)
      try container.encode(recovery?.description, forKey: .recovery)
      try container.encode(traceId, forKey: .traceId)
      try container.encode(accessibilityLabel, forKey: .accessibilityLabel)
    }
  }

  /// A source that could not load while the rest of the screen did.
  struct SourceNotice: Equatable, Encodable {
    var source: PaymentSource
    var title: String
    var message: String
    var recovery: Recovery
    /// Only where support has to take over.
    var traceId: String?
    var accessibilityLabel: String = ""

    enum CodingKeys: String, CodingKey {
      case source, title, message, recovery, traceId, accessibilityLabel
    }

    /// Writes `traceId` as null when there is none, as the schema requires, and the
    /// recovery as its description. By hand: synthesized encoding would leave it out.
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(source.rawValue, forKey: .source)
      try container.encode(title, forKey: .title)
      try container.encode(message, forKey: .message)
      try container.encode(recovery.description, forKey: .recovery)
      try container.encode(traceId, forKey: .traceId)
      try container.encode(accessibilityLabel, forKey: .accessibilityLabel)
    }
  }

  /// Where the app-level handlers sent the user, and the button that takes them there.
  struct Action: Equatable, Encodable {
    var kind: FlowDecision.Action
    var button: String
  }

  var screen: CommandLineOptions.Screen
  var status: Status
  var methods: [Method] = []
  /// An empty state, or an account status the user has to know about.
  var notice: Notice?
  /// The sources that could not load while the others did; empty when nothing failed.
  var notices: [SourceNotice] = []
  var error: Notice?
  var action: Action?
  /// A one-line message, such as feedback on a selection.
  var message: String?
  /// The message as a screen reader reads it, when that differs; not part of the JSON.
  var spokenMessage: String?
  /// Whether trying again can help with what the screen shows (its recovery says so); not
  /// part of the JSON.
  var canRetry = false
  /// A list on screen is loading again: the view says so in place of the message; not
  /// part of the JSON (a final state never is).
  var isRefreshing = false

  /// What the screen ended on, for the exit code; not part of the JSON.
  var ending: ExitCode.Ending = .shown

  /// How the process ends after showing this screen.
  var exitCode: ExitCode { ExitCode(ending) }

  enum CodingKeys: String, CodingKey {
    case screen, status, methods, notice, notices, error, action, message
  }

  /// Writes every key, null included, so consumers can rely on the shape: the schema
  /// requires each one. By hand: synthesized encoding leaves a nil key out.
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(screen.rawValue, forKey: .screen)
    try container.encode(status, forKey: .status)
    try container.encode(methods, forKey: .methods)
    try container.encode(notice, forKey: .notice)
    try container.encode(notices, forKey: .notices)
    try container.encode(error, forKey: .error)
    try container.encode(action, forKey: .action)
    try container.encode(message, forKey: .message)
  }
}

extension ScreenSnapshot {
  init(_ state: PaymentMethodsViewModel.State) {
    self.init(screen: .paymentMethods, status: .loading, ending: .interruptedWhileLoading)
    switch state {
    case .loading:
      break
    case .loaded(let methods):
      ending = .shown
      status = .loaded
      self.methods = methods.rows.map { row in
        var method = Method(row)
        if let failed = methods.failedWrite, failed.rowID == row.id {
          method.failedWrite = Notice(failed.error)
        }
        return method
      }
      notices = methods.failedSources.map(SourceNotice.init)
      message = methods.message
      spokenMessage = methods.spokenMessage
      isRefreshing = methods.isRefreshing
      canRetry = methods.canRetry
    case .empty(let notice):
      ending = .shown
      status = .empty
      self.notice = Notice(notice)
      // The empty state's advice is to add a method, then look again.
      canRetry = true
    case .failed(let error):
      show(error)
    case .actionRequired(let decision):
      show(decision)
    }
  }

  init(_ state: WalletViewModel.State) {
    self.init(screen: .wallet, status: .loading, ending: .interruptedWhileLoading)
    switch state {
    case .loading:
      break
    case .active(let summary):
      ending = .shown
      status = .loaded
      var row = Method(summary.row)
      row.selectable = summary.note == nil
      methods = [row]
      message = summary.note
    case .noWallet(let notice):
      ending = .shown
      status = .empty
      self.notice = Notice(notice)
    case .banned(let notice), .inReview(let notice):
      ending = .shown
      // The wallet did load; what there is to show is its status.
      status = .loaded
      self.notice = Notice(notice)
    case .failed(let error):
      show(error)
    case .actionRequired(let decision):
      show(decision)
    }
  }

  private mutating func show(_ presented: PresentationError) {
    status = .error
    error = Notice(presented)
    ending = .failed(presented.category)
    canRetry = presented.recovery.isRetry
  }

  private mutating func show(_ decision: FlowDecision) {
    status = .error
    error = Notice(decision)
    action = Action(decision)
    message = decision.message
    ending = .journey(decision.action)
  }
}

extension ScreenSnapshot.Method {
  init(_ row: PaymentMethodRow) {
    self.init(
      kind: row.kind, title: row.title, subtitle: row.subtitle,
      selectable: row.isSelectable, selected: row.isSelected,
      accessibilityLabel: row.accessibilityLabel, id: row.id, isDefault: row.isDefault,
      needsNewExpiry: row.needsNewExpiry, write: row.write)
    spokenTitle = row.spokenTitle
  }
}

extension ScreenSnapshot.Notice {
  init(_ notice: Presentation.Notice) {
    self.init(
      title: notice.title, message: notice.message, hint: notice.hint,
      accessibilityLabel: notice.accessibilityLabel)
  }

  init(_ presented: PresentationError) {
    self.init(
      title: presented.title, message: presented.message, hint: presented.hint,
      recovery: presented.recovery, traceId: presented.traceID,
      accessibilityLabel: presented.accessibilityLabel)
  }

  init(_ decision: FlowDecision) {
    self.init(
      title: decision.notice.title, message: decision.notice.message, hint: decision.notice.hint,
      recovery: decision.recovery, traceId: decision.traceID,
      accessibilityLabel: decision.accessibilityLabel)
  }
}

extension ScreenSnapshot.SourceNotice {
  init(_ failed: PaymentMethodsViewModel.FailedSource) {
    self.init(
      source: failed.source, title: failed.error.title, message: failed.error.message,
      recovery: failed.error.recovery, traceId: failed.error.traceID,
      accessibilityLabel: failed.error.accessibilityLabel)
  }
}

extension ScreenSnapshot {
  /// A card's decline as `--json` writes it: the reason shown (a sensitive one as
  /// `generic_decline`), its words, what to do next, and the field to check, if any.
  struct Decline: Equatable, Encodable {
    var reason: String
    var title: String
    var message: String
    /// `tryAgainNow`, `tryAgainLater`, `useAnotherCard`, `cannotBeSaved` or `checkCardData`.
    var recovery: String
    /// The field to check (`number`, `expiry`, `cvc`, `name`), for `checkCardData`.
    var field: String?

    enum CodingKeys: String, CodingKey {
      case reason, title, message, recovery, field
    }

    /// Writes `field` as null when there is none, as the schemas require. By hand:
    /// synthesized encoding would leave it out.
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(reason, forKey: .reason)
      try container.encode(title, forKey: .title)
      try container.encode(message, forKey: .message)
      try container.encode(recovery, forKey: .recovery)
      try container.encode(field, forKey: .field)
    }

    /// The decline of a form's failure; nil for any other failure.
    init?(_ failure: FormFailure?) {
      guard case .declined(let decline)? = failure else { return nil }
      reason = decline.reason.rawValue
      title = decline.notice.title
      message = decline.notice.message
      field = decline.field?.rawValue
      recovery =
        switch decline.nextStep {
        case .tryAgainNow: "tryAgainNow"
        case .tryAgainLater: "tryAgainLater"
        case .useAnotherCard: "useAnotherCard"
        case .cannotBeSaved: "cannotBeSaved"
        case .check: "checkCardData"
        }
    }
  }
}

extension ScreenSnapshot.Action {
  init(_ decision: FlowDecision) {
    self.init(kind: decision.action, button: decision.button)
  }
}

// `--json` writes a row's kind and a journey's action by their raw values ("card",
// "signIn"). The conformances are the terminal's: the layers that own these types know
// nothing of JSON.
extension PaymentMethodRow.Kind: Encodable {}
extension FlowDecision.Action: Encodable {}
