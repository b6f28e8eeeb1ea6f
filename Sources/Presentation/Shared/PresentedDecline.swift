import Domain

/// A card's decline as a person sees it: the words of its reason (a sensitive reason's are
/// a generic decline's), and what to do next. It stands above the form, which keeps what
/// the user typed.
public struct PresentedDecline: Sendable, Equatable {
  /// The reason shown: never one of the sensitive four.
  public var reason: CardDecline.Reason
  public var notice: Notice
  public var nextStep: CardDecline.NextStep

  public init(reason: CardDecline.Reason, notice: Notice, nextStep: CardDecline.NextStep) {
    self.reason = reason
    self.notice = notice
    self.nextStep = nextStep
  }

  /// The field to check, when the next step is to check one.
  public var field: CardField? {
    if case .check(let field) = nextStep { return field }
    return nil
  }

  init(_ decline: CardDecline, words: Phrasebook) {
    let reason = decline.shownReason
    let step = decline.nextStep
    let hint: String =
      switch step {
      case .tryAgainNow: words["decline.next.tryAgainNow"]
      case .tryAgainLater: words["decline.next.tryAgainLater"]
      case .useAnotherCard: words["decline.next.useAnotherCard"]
      case .cannotBeSaved: words["decline.next.cannotBeSaved"]
      case .check(.number): words["decline.next.check.number"]
      case .check(.expiry): words["decline.next.check.expiry"]
      case .check(.securityCode): words["decline.next.check.cvc"]
      case .check(.name): words["decline.next.check.name"]
      }
    let (title, message) = Self.words(for: reason, words)
    self.init(
      reason: reason, notice: Notice(title: title, message: message, hint: hint, words: words),
      nextStep: step)
  }

  /// The title and the message of a reason shown. A sensitive reason is never shown: it
  /// has a generic decline's words, should one ever get here.
  private static func words(for reason: CardDecline.Reason, _ words: Phrasebook) -> (
    String, String
  ) {
    switch reason {
    case .insufficientFunds:
      (words["decline.insufficientFunds.title"], words["decline.insufficientFunds.message"])
    case .expiredCard:
      (words["decline.expiredCard.title"], words["decline.expiredCard.message"])
    case .incorrectSecurityCode:
      (words["decline.incorrectCvc.title"], words["decline.incorrectCvc.message"])
    case .incorrectNumber:
      (words["decline.incorrectNumber.title"], words["decline.incorrectNumber.message"])
    case .processingError:
      (words["decline.processingError.title"], words["decline.processingError.message"])
    case .cardNotSupported:
      (words["decline.cardNotSupported.title"], words["decline.cardNotSupported.message"])
    case .doNotHonor:
      (words["decline.doNotHonor.title"], words["decline.doNotHonor.message"])
    case .genericDecline, .fraudulent, .lostCard, .stolenCard, .merchantBlacklist:
      (words["decline.generic.title"], words["decline.generic.message"])
    }
  }
}

extension ErrorPresenter {
  /// A decline in words, logged at info with the code and the advice as sent: the only
  /// place a sensitive reason is ever written.
  func present(_ decline: CardDecline) -> PresentedDecline {
    logger.log(
      .info, "the issuer declined the card",
      metadata: ["declineCode": decline.code, "adviceCode": decline.advice?.rawValue ?? "none"])
    return PresentedDecline(decline, words: words)
  }
}
