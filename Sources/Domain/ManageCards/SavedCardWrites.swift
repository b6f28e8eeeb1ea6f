/// Where the user's saved cards are changed: removed, made the default way to pay, given a
/// new expiry.
///
/// As for adding a card, the answers the backend gives on purpose are values; a request
/// that failed is thrown as a `RequestFailure`, with its recovery and, for an ended
/// session and the like, its journey.
public protocol SavedCardWrites: Sendable {
  /// `DELETE /cards/{id}`, under the change's idempotency key.
  func remove(cardID: String, idempotencyKey: String) async throws -> RemoveCardOutcome
  /// `PUT /me/default-payment-method`, under the change's idempotency key.
  func makeDefault(_ method: DefaultMethod, idempotencyKey: String) async throws
    -> MakeDefaultOutcome
  /// `PATCH /cards/{id}`, under the submission's idempotency key.
  func updateExpiry(cardID: String, to expiry: CardExpiry, idempotencyKey: String) async throws
    -> UpdateCardOutcome
}

/// How removing a card ended, when the backend answered on purpose.
public enum RemoveCardOutcome: Sendable, Equatable {
  case removed
  /// The card was gone already (removed on another device): the same end as `removed`.
  case alreadyRemoved
  /// The backend keeps the card: it is the user's last way to pay.
  case refusedLastMethod
}

/// A method the backend can make the user's default. Apple Pay is the device's, never the
/// backend's, so it is not one.
public enum DefaultMethod: Sendable, Equatable {
  case card(id: String)
  case wallet
}

/// Why a method is not made the default, found before anything is sent: never the backend's.
public enum DefaultRefusal: Sendable, Equatable {
  /// Apple Pay is the device's, never the backend's default.
  case applePayIsNeverDefault
  /// The card cannot pay (`PaymentCard.canPay`: expired, or declined by its issuer).
  case cardCannotPay
}

/// The one rule's answer: the method as the backend names it, or why it cannot be the default.
public enum NewDefault: Sendable, Equatable {
  case allowed(DefaultMethod)
  case refused(DefaultRefusal)
}

extension PaymentMethod {
  /// Whether this method may be made the default: one pure rule, which `MakeDefaultUseCase`
  /// asks once per tap, before anything is sent.
  public var asNewDefault: NewDefault {
    switch self {
    case .card(let card): card.canPay ? .allowed(.card(id: card.id)) : .refused(.cardCannotPay)
    case .wallet: .allowed(.wallet)
    case .applePay: .refused(.applePayIsNeverDefault)
    }
  }

  /// The one way the default mark moves, on the screen and in the local copy alike: once a
  /// method is the default, it is marked, and no other.
  public func markingDefault(_ newDefault: DefaultMethod) -> PaymentMethod {
    switch self {
    case .card(let card): .card(card.markingDefault(newDefault))
    case .wallet(let wallet): .wallet(wallet.markingDefault(newDefault))
    case .applePay: self
    }
  }
}

extension PaymentCard {
  public func markingDefault(_ newDefault: DefaultMethod) -> PaymentCard {
    var card = self
    card.isDefault = newDefault == .card(id: id)
    return card
  }
}

extension Wallet {
  public func markingDefault(_ newDefault: DefaultMethod) -> Wallet {
    var wallet = self
    wallet.isDefault = newDefault == .wallet
    return wallet
  }
}

/// How the backend answered a new default on purpose; a refusal (`DefaultRefusal`) is none.
public enum MakeDefaultOutcome: Sendable, Equatable {
  case madeDefault(DefaultMethod)
  /// The method is gone (a card removed on another device): the list is out of date.
  case methodGone
}

public enum UpdateCardOutcome: Sendable, Equatable {
  case updated(PaymentCard)
  /// The backend made the change (it answered 2xx), but its answer could not be read: the
  /// card as the backend has it now is not known, and the list loads again to show it.
  case updatedUnread(cardID: String, expiry: CardExpiry)
  /// The new expiry has problems, found locally (then nothing was sent) or by the backend.
  case invalid(CardFieldErrors)
  /// The card's issuer refused the update, with its reason when it gave one.
  case declined(CardDecline)
  /// The card is gone (removed on another device): the list is out of date.
  case cardGone
}
