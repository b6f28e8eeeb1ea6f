/// What finishing the pending changes came to, change by change, for the screen to say:
/// each change of the person's that was sent or dropped, in the order they were made.
public struct FinishedChanges: Sendable, Equatable {
  /// How one change ended.
  public enum Ending: Sendable, Equatable {
    /// The backend made the change (or the card was removed already).
    case done
    /// The card, or the wallet, is no longer there: nothing to change.
    case gone
    /// The backend kept things as they were, for a reason the person can read.
    case refused(Refusal)
    /// The card's issuer declined the new expiry.
    case declined(CardDecline)
    /// No answer for good yet: kept, and sent again at the next start.
    case kept
    /// The session has ended: kept for the person, and sent once they sign in again.
    case waitsForSignIn
    /// Taken out unsent (never for a newer choice: that is the person's own doing, and
    /// not reported).
    case dropped(PendingChange.DropReason)
  }

  /// Why the backend refused a change it was sent again.
  public enum Refusal: Sendable, Equatable {
    /// The card is the person's last way to pay.
    case lastPaymentMethod
    /// The new expiry has problems.
    case invalid(CardFieldErrors)
    /// The request was refused for good: the account, the app, or an answer the app does
    /// not know (`RequestFailure.Kind`).
    case request(RequestFailure.Kind?)
  }

  /// One change, and how it ended.
  public struct Finished: Sendable, Equatable {
    public var change: PendingChange
    /// The card it is about, as the person's local copy last showed it; nil for the wallet,
    /// or a card the local copy does not hold.
    public var card: PaymentCard?
    public var ending: Ending

    public init(_ change: PendingChange, card: PaymentCard? = nil, ending: Ending) {
      self.change = change
      self.card = card
      self.ending = ending
    }
  }

  public var changes: [Finished]

  public init(_ changes: [Finished] = []) {
    self.changes = changes
  }

  /// The endings alone, in order: what a test or a count needs.
  public var endings: [Ending] { changes.map(\.ending) }

  /// Whether finishing removed the card of the method `methodID` (`PaymentMethod.id`): the
  /// same removal asked again is already made.
  public func removed(methodID: String) -> Bool {
    changes.contains { finished in
      guard case .remove(let cardID) = finished.change.kind else { return false }
      return PaymentMethod.id(ofCard: cardID) == methodID && finished.ending == .done
    }
  }
}
