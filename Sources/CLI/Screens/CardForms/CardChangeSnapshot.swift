import Domain
import Presentation

/// How `remove-card`, `set-default` or `update-card` ended, flattened into what the terminal
/// draws and what `--json` prints, so the two can never disagree. The schemas are
/// `docs/remove-card.schema.json`, `docs/set-default.schema.json` and
/// `docs/update-card.schema.json`: one shape, each command its own statuses.
struct CardChangeSnapshot: Equatable, Encodable {
  enum Status: String, Encodable {
    case removed
    /// Removed on another device before: the same end as `removed`.
    case alreadyRemoved
    case madeDefault
    /// The method was the default already: nothing was sent.
    case alreadyDefault
    case updated
    /// Kept, for a reason the user can act on: the last way to pay, Apple Pay or a card
    /// that cannot pay as the default, a new expiry for a card that has not expired.
    case refused
    /// The issuer declined the new expiry.
    case declined
    /// The new expiry has problems, found by the app or by the backend.
    case invalid
    /// The method was gone when the change reached the backend (removed elsewhere).
    case gone
    /// No method on the list has the id given.
    case unknownId
    case error

    /// The change is done, or was done already.
    var isDone: Bool {
      [.removed, .alreadyRemoved, .madeDefault, .alreadyDefault, .updated].contains(self)
    }

    /// The method is off the list: there is no row left to show.
    var removedTheMethod: Bool { self == .removed || self == .alreadyRemoved }
  }

  /// "remove-card", "set-default" or "update-card".
  var command: String
  var status: Status
  /// The id the command was given, as typed.
  var id: String
  /// The method as it is now (for a removal, as it was), when the list has it.
  var method: ScreenSnapshot.Method?
  /// What the screen would say of the change: "Visa •••• 4242 removed."
  var message: String?
  /// The message as a screen reader reads it, when that differs; not part of the JSON.
  var spokenMessage: String?
  /// The expiry's problems for `update-card` (an empty list when it has none); empty for
  /// the other commands, which send no field.
  var fieldErrors: [String: [String]]
  /// The ids the command takes on the list as loaded, for `unknownId` and `gone`; empty
  /// otherwise.
  var knownIds: [String] = []
  var error: ScreenSnapshot.Notice?
  var action: ScreenSnapshot.Action?
  /// For `update-card`: the issuer's decline, with what to do next; nil otherwise.
  var declined: ScreenSnapshot.Decline?
  /// What the change ended on, for the exit code; not part of the JSON.
  var ending: ExitCode.Ending

  var exitCode: ExitCode { ExitCode(ending) }

  enum CodingKeys: String, CodingKey {
    case command, status, id, method, message, fieldErrors, knownIds, error, action, declined
  }

  /// Writes every key, null included, so consumers can rely on the shape. By hand, as
  /// `ScreenSnapshot` is: synthesized encoding leaves a nil key out.
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(command, forKey: .command)
    try container.encode(status, forKey: .status)
    try container.encode(id, forKey: .id)
    try container.encode(method, forKey: .method)
    try container.encode(message, forKey: .message)
    try container.encode(fieldErrors, forKey: .fieldErrors)
    try container.encode(knownIds, forKey: .knownIds)
    try container.encode(error, forKey: .error)
    try container.encode(action, forKey: .action)
    try container.encode(declined, forKey: .declined)
  }
}

extension ScreenRenderer {
  /// A change's outcome in the screens' box.
  func render(_ snapshot: CardChangeSnapshot) -> String {
    var body: [String] = []
    let isDone = snapshot.status.isDone
    if let message = snapshot.message {
      body += wrapped(
        message, prefix: isDone ? "✔ " : "✖ ", style: isDone ? palette.green : palette.bold)
    }
    if let method = snapshot.method, !snapshot.status.removedTheMethod {
      body += wrapped(method.title, prefix: "  ", style: { $0 })
      body += wrapped(method.subtitle, prefix: "  ", style: palette.dim)
    }
    for message in snapshot.fieldErrors[CardField.expiry.rawValue] ?? [] {
      body += wrapped(
        "\(words.labels.label(.expiry)): \(message)", prefix: "  ", style: palette.red)
    }
    if !snapshot.knownIds.isEmpty {
      body += wrapped(
        words["change.knownIds", snapshot.knownIds.joined(separator: ", ")], prefix: "  ",
        style: palette.dim)
    }
    if let error = snapshot.error { body += errorLines(error, action: snapshot.action) }
    return box(
      title: words.changeTitle(snapshot), body: body, references: [snapshot.error?.traceId]
    ).text
  }
}

extension TerminalWords {
  /// The box's title for a change: "Remove a card", "Your default way to pay", "New expiry
  /// for Mastercard •••• 4444".
  /// - Parameter spoken: the card as a screen reader reads it ("ending in 4444").
  func changeTitle(_ snapshot: CardChangeSnapshot, spoken: Bool = false) -> String {
    switch snapshot.command {
    case "remove-card": self["change.remove.title"]
    case "set-default": self["change.setDefault.title"]
    default:
      snapshot.method.map { labels.updateCardTitle(spoken ? $0.spokenTitle : $0.title) }
        ?? self["change.update.title"]
    }
  }
}
