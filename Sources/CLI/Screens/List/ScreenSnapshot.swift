import Domain
import Presentation

/// A screen's final State, flattened into what the terminal draws and what `--json`
/// prints, so the two can never disagree. The schema is `docs/state.schema.json`.
///
/// Its parts have files of their own: a row (`ScreenSnapshot+Method`), what went wrong and
/// where the user is sent (`ScreenSnapshot+Notice`), and a card's decline
/// (`ScreenSnapshot+Decline`), which `add-card` and `update-card` write.
struct ScreenSnapshot: Equatable, Encodable {
  enum Status: String, Encodable {
    case loading
    case loaded
    case empty
    case error
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
    self.init(screen: .paymentMethods, status: .loading, ending: .cancelledLoad)
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
      notices = methods.sourceNotices.map(SourceNotice.init)
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
    case .journey(let decision):
      show(decision)
    }
  }

  init(_ state: WalletViewModel.State) {
    self.init(screen: .wallet, status: .loading, ending: .cancelledLoad)
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
    case .journey(let decision):
      show(decision)
    }
  }

  private mutating func show(_ presented: PresentationError) {
    status = .error
    error = Notice(presented)
    ending = .failed(presented.category)
    canRetry = presented.recovery.isRetry
  }

  private mutating func show(_ decision: PresentedJourney) {
    status = .error
    error = Notice(decision)
    action = Action(decision)
    message = decision.message
    ending = .journey(decision.journey)
  }
}

extension ScreenSnapshot {
  /// The sources in the order the screen draws them, each with the kind of row it lists.
  static let sections: [(kind: PaymentMethodRow.Kind, source: PaymentSource)] = [
    (.wallet, .wallet), (.card, .cards), (.applePay, .applePay),
  ]

  /// A place the interactive screen's cursor can rest: a row (its index in `methods`), or
  /// the notice a source that could not load left where its rows would be.
  enum Stop: Equatable {
    case row(Int)
    case notice(PaymentSource)
  }

  /// The rows and the sources' notices, in the order the screen draws them: the cursor
  /// moves over them in that order, so a notice can be brought into sight on a short
  /// terminal as a row can.
  var stops: [Stop] {
    Self.sections.flatMap { kind, source -> [Stop] in
      let rows = methods.indices.filter { methods[$0].kind == kind }.map(Stop.row)
      return rows + (notices.contains { $0.source == source } ? [.notice(source)] : [])
    }
  }
}
