import Domain
import Foundation
import Presentation

extension ScreenSnapshot {
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
    /// When the copied rows shown in the source's place were loaded; nil when none are.
    var asOf: Date?

    enum CodingKeys: String, CodingKey {
      case source, title, message, recovery, traceId, accessibilityLabel, asOf
    }

    /// Writes `traceId` and `asOf` as null when there is none, as the schema requires, the
    /// recovery as its description, and `asOf` in ISO 8601, UTC, to the second
    /// ("2027-01-15T06:00:00Z"). By hand: synthesized encoding would leave a nil out.
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(source.rawValue, forKey: .source)
      try container.encode(title, forKey: .title)
      try container.encode(message, forKey: .message)
      try container.encode(recovery.description, forKey: .recovery)
      try container.encode(traceId, forKey: .traceId)
      try container.encode(accessibilityLabel, forKey: .accessibilityLabel)
      try container.encode(asOf?.ISO8601Format(), forKey: .asOf)
    }
  }

  /// Where the app-level handlers sent the user, and the button that takes them there.
  struct Action: Equatable, Encodable {
    var kind: Journey
    var button: String
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

  init(_ decision: PresentedJourney) {
    self.init(
      title: decision.notice.title, message: decision.notice.message, hint: decision.notice.hint,
      recovery: decision.recovery, traceId: decision.traceID,
      accessibilityLabel: decision.accessibilityLabel)
  }
}

extension ScreenSnapshot.SourceNotice {
  init(_ failed: PaymentMethodsViewModel.SourceNotice) {
    self.init(
      source: failed.source, title: failed.error.title, message: failed.error.message,
      recovery: failed.error.recovery, traceId: failed.error.traceID,
      accessibilityLabel: failed.error.accessibilityLabel, asOf: failed.asOf)
  }
}

extension ScreenSnapshot.Action {
  init(_ decision: PresentedJourney) {
    self.init(kind: decision.journey, button: decision.button)
  }
}

// `--json` writes a journey's action by its raw value ("signIn"). The conformance is
// the terminal's: the layer that owns the type knows nothing of JSON.
extension Journey: Encodable {}
