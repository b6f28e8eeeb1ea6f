import Presentation

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
