/// The card's issuer said no (a 402 `card_declined`): why, and what it advises. An answer,
/// not an error: the form stays, and the next step says what the user can do.
///
/// What a person sees comes from the reason alone, never from the server's free text; and
/// the reasons a fraud check gives (`fraudulent`, `lost_card`, `stolen_card`,
/// `merchant_blacklist`) are shown exactly as a generic decline, so that nobody holding a
/// stolen card learns what gave it away. Only the developer log has the code as sent.
public struct CardDecline: Sendable, Equatable {
  /// The reasons a client knows, by the code the backend sends (`declineCode`).
  public enum Reason: String, Sendable, Equatable, CaseIterable {
    case insufficientFunds = "insufficient_funds"
    case expiredCard = "expired_card"
    case incorrectSecurityCode = "incorrect_cvc"
    case incorrectNumber = "incorrect_number"
    case processingError = "processing_error"
    case cardNotSupported = "card_not_supported"
    case doNotHonor = "do_not_honor"
    case genericDecline = "generic_decline"
    case fraudulent
    case lostCard = "lost_card"
    case stolenCard = "stolen_card"
    case merchantBlacklist = "merchant_blacklist"

    /// A reason a fraud check gives: shown as a generic decline.
    public var isSensitive: Bool {
      [.fraudulent, .lostCard, .stolenCard, .merchantBlacklist].contains(self)
    }
  }

  /// What the issuer advises (`adviceCode`).
  public enum Advice: String, Sendable, Equatable, CaseIterable {
    case tryAgainLater = "try_again_later"
    case doNotTryAgain = "do_not_try_again"
    case confirmCardData = "confirm_card_data"
  }

  /// What the user can do next.
  public enum NextStep: Sendable, Equatable {
    /// The bank had a passing problem: saving again now may work.
    case tryAgainNow
    case tryAgainLater
    /// This card will not do here: another one might.
    case useAnotherCard
    /// The issuer asks not to try this card again: it cannot be saved.
    case cannotBeSaved
    /// A detail of the card is wrong: back to the form, on that field.
    case check(CardField)
  }

  /// The reason code as the backend sent it, for the developer log: an unknown one is
  /// kept here and shown as a generic decline.
  public let code: String
  /// The reason, when it is one a client knows; otherwise a generic decline.
  public let reason: Reason
  public let advice: Advice?

  /// - Parameters:
  ///   - code: the `declineCode` sent; nil reads as a generic decline.
  ///   - adviceCode: the `adviceCode` sent; one this client does not know is no advice.
  public init(code: String?, adviceCode: String?) {
    self.code = code ?? Reason.genericDecline.rawValue
    self.reason = code.flatMap(Reason.init(rawValue:)) ?? .genericDecline
    self.advice = adviceCode.flatMap(Advice.init(rawValue:))
  }

  /// The reason a person may see: a sensitive one is a generic decline.
  public var shownReason: Reason { reason.isSensitive ? .genericDecline : reason }

  /// What to do next: from the advice when there is one, otherwise from the reason. Decided
  /// from the reason shown, so a sensitive reason leads exactly where a generic one does.
  public var nextStep: NextStep {
    switch advice {
    case .tryAgainLater?: return .tryAgainLater
    case .doNotTryAgain?: return .cannotBeSaved
    case .confirmCardData?: return .check(Self.field(for: shownReason) ?? .number)
    case nil: break
    }
    if let field = Self.field(for: shownReason) { return .check(field) }
    return shownReason == .processingError ? .tryAgainNow : .useAnotherCard
  }

  /// The field a reason is about, if it is about one.
  private static func field(for reason: Reason) -> CardField? {
    switch reason {
    case .incorrectSecurityCode: .securityCode
    case .incorrectNumber: .number
    case .expiredCard: .expiry
    default: nil
    }
  }
}
