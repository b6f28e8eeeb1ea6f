import DataLayer
import Domain
import Foundation

/// The wallet answers of the simple `"outcome"` form.
public enum WalletOutcome: Sendable, Equatable {
  case ok(Wallet)
  case notFound
  case banned
  case inReview(WalletReviewState)
  case offline
  /// The backend fails with an error no layer knows.
  case unexpected

  public static let defaultWallet = WalletOutcome.ok(Wallet(balance: 125.5, currency: "EUR"))

  var answer: ScriptedAnswer {
    switch self {
    case .ok(let wallet):
      .respond(
        status: 200,
        body: WireBody.text(WireBody.Wallet(balance: wallet.balance, currency: wallet.currency)))
    case .notFound: .error(404, code: WireBody.Code.walletNotFound)
    case .banned: .error(403, code: WireBody.Code.walletBanned)
    case .inReview(let state):
      .error(409, code: WireBody.Code.walletInReview, detail: state.rawValue)
    case .offline: .transport(.offline)
    case .unexpected: .fault
    }
  }
}

/// The cards answers of the simple `"outcome"` form.
public enum CardsOutcome: Sendable, Equatable {
  case ok([ScenarioCard])
  case offline
  case unexpected

  public static let defaultCards = CardsOutcome.ok([
    ScenarioCard(brand: "Visa", lastFour: "4242", expiry: "08/28", status: .active),
    ScenarioCard(brand: "Mastercard", lastFour: "5454", expiry: "11/27", status: .active),
  ])

  var answer: ScriptedAnswer {
    switch self {
    case .ok(let cards):
      .respond(
        status: 200,
        body: WireBody.text(
          WireBody.Cards(
            cards: cards.enumerated().map { index, card in
              WireBody.Cards.Card(
                id: "\(index + 1)", brand: card.brand, last4: card.lastFour, expiry: card.expiry,
                status: card.status.rawValue,
                decline: card.decline.map {
                  WireBody.Cards.Decline(reason: $0.reason.rawValue, message: $0.message)
                })
            })))
    case .offline: .transport(.offline)
    case .unexpected: .fault
    }
  }
}

/// A 402 `card_declined` as a scenario scripts it: the issuer's reason and advice, and the
/// server's message (for the developer; the app words a decline from its reason).
public struct ScriptedDecline: Sendable, Equatable {
  public var declineCode: String
  public var adviceCode: String?
  public var message: String

  public init(
    _ declineCode: String = "generic_decline", advice adviceCode: String? = nil,
    message: String = "The issuer declined the card."
  ) {
    self.declineCode = declineCode
    self.adviceCode = adviceCode
    self.message = message
  }
}

/// The add-card answers of the simple `"outcome"` form.
public enum AddCardOutcomeScript: Sendable, Equatable {
  /// 201: the card sent is saved.
  case ok
  /// 422 with each field's messages, although the fields passed the app's own checks.
  case invalid([String: [String]])
  /// 409: the user saved this card before.
  case duplicate
  /// 402: the issuer declined the card, with its reason and advice.
  case declined(ScriptedDecline)
  /// 202 `requires_action`: the bank must approve the card first (3-D Secure), and asks
  /// the user this. The setup's polls answer as `Scenario.cardSetup` scripts them.
  case requiresAction(message: String)
  case offline
  case unexpected

  var answer: ScriptedAnswer {
    switch self {
    case .ok: .respond(status: 201, body: "")
    case .invalid(let fields):
      .respond(
        status: 422,
        body: WireBody.text(WireBody.Invalid(code: WireBody.Code.validationFailed, fields: fields)))
    case .duplicate: .error(409, code: WireBody.Code.cardAlreadySaved)
    case .declined(let decline):
      .respond(
        status: 402,
        body: WireBody.text(
          WireBody.Declined(
            declineCode: decline.declineCode, adviceCode: decline.adviceCode,
            message: decline.message)))
    case .requiresAction(let message):
      .respond(
        status: 202,
        body: WireBody.text(WireBody.SetupStarted(message: message)))
    case .offline: .transport(.offline)
    case .unexpected: .fault
    }
  }
}

/// What the bank says, one poll of a card's setup at a time (`GET /cards/setups/{id}`).
public enum BankAnswerScript: Sendable, Equatable {
  /// Not yet: the user has not approved.
  case waiting
  /// Approved: the card the setup was started with is saved, and the answer is it.
  case approved
  case failed(reason: String)
  case canceled
  /// 401 `token_expired`: the access token ran out while the app was polling.
  case tokenExpired

  public var answer: ScriptedAnswer {
    switch self {
    case .waiting:
      .respond(status: 200, body: WireBody.text(WireBody.Setup(status: "requires_action")))
    case .approved:
      .respond(status: 200, body: WireBody.text(WireBody.Setup(status: "succeeded")))
    case .failed(let reason):
      .respond(status: 200, body: WireBody.text(WireBody.Setup(status: "failed", reason: reason)))
    case .canceled:
      .respond(status: 200, body: WireBody.text(WireBody.Setup(status: "canceled")))
    case .tokenExpired:
      .error(401, code: WireBody.Code.tokenExpired)
    }
  }
}

public enum ApplePayOutcome: String, Sendable, Equatable, CaseIterable {
  case available
  case needsSetup
  case notAvailable
  case unexpected
  /// The device check throws `CancellationError` although nobody cancelled it, as a
  /// platform API might when the system stops it.
  case interrupted
}

public enum SignInOutcome: String, Sendable, Equatable, CaseIterable {
  /// The demo user's credentials are accepted: a new session.
  case succeeds
  /// The backend answers 401 `invalid_credentials`.
  case fails
}

public enum RefreshOutcome: String, Sendable, Equatable, CaseIterable {
  case succeeds
  /// The backend rotates the refresh token: the answer carries a new one with the access
  /// token, and the one it replaced is refused (`invalid_grant`) from then on.
  case rotates
  /// The backend answers `invalid_grant`: the session is over.
  case fails
  /// The refresh request never gets an answer: the device is offline. The session stays.
  case offline
}

/// A saved card as a scenario describes it; the stub backend gives it an id.
public struct ScenarioCard: Sendable, Equatable {
  public var brand: String
  public var lastFour: String
  /// "MM/YY", as the backend sends it. The repository reads it like any backend answer.
  public var expiry: String
  public var status: PaymentCard.Status
  /// The issuer's refusal, sent inside the successful answer.
  public var decline: IssuerDecline?

  public init(
    brand: String, lastFour: String, expiry: String, status: PaymentCard.Status,
    decline: IssuerDecline? = nil
  ) {
    self.brand = brand
    self.lastFour = lastFour
    self.expiry = expiry
    self.status = status
    self.decline = decline
  }
}
