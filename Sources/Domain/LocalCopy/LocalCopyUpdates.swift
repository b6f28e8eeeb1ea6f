import Foundation

/// Changes to saved cards, each passed on as it is and, once the backend has agreed, made
/// to the local copy too: a card removed (or gone already, elsewhere) leaves the saved
/// cards, a new default moves the default marks, a new expiry replaces the card. The
/// answers, and the errors, are the inner writes' own: a local copy that cannot be changed
/// never fails a write the backend agreed to (`LocalCopyKeeper` logs it).
public struct CardWritesUpdatingLocalCopy: SavedCardWrites {
  private let writes: any SavedCardWrites
  private let localCopy: LocalCopyKeeper

  public init(_ writes: any SavedCardWrites, localCopy: LocalCopyKeeper) {
    self.writes = writes
    self.localCopy = localCopy
  }

  public func remove(cardID: String, idempotencyKey: String) async throws -> RemoveCardOutcome {
    let outcome = try await writes.remove(cardID: cardID, idempotencyKey: idempotencyKey)
    switch outcome {
    case .removed, .alreadyRemoved: await localCopy.edit { $0.removeCard(cardID) }
    case .refusedLastMethod: break
    }
    return outcome
  }

  public func makeDefault(_ method: DefaultMethod, idempotencyKey: String) async throws
    -> MakeDefaultOutcome
  {
    let outcome = try await writes.makeDefault(method, idempotencyKey: idempotencyKey)
    switch outcome {
    case .madeDefault(let made): await localCopy.edit { $0.moveDefault(to: made) }
    // The backend says the card is gone: the same end as a removal. (The wallet's part
    // waits for the next load, which the screen starts.)
    case .methodGone:
      if case .card(let id) = method { await localCopy.edit { $0.removeCard(id) } }
    }
    return outcome
  }

  public func updateExpiry(cardID: String, to expiry: CardExpiry, idempotencyKey: String)
    async throws -> UpdateCardOutcome
  {
    let outcome = try await writes.updateExpiry(
      cardID: cardID, to: expiry, idempotencyKey: idempotencyKey)
    switch outcome {
    case .updated(let card): await localCopy.edit { $0.replaceCard(card) }
    case .cardGone: await localCopy.edit { $0.removeCard(cardID) }
    // Made, but how the backend has the card now is not known: the next load replaces it.
    case .invalid, .declined, .updatedUnread: break
    }
    return outcome
  }
}

/// Adding a card, passed on as it is and, once the backend has saved the card (or had it
/// already), with the card put in the saved cards.
public struct CardSavingUpdatingLocalCopy: CardSaving {
  private let saving: any CardSaving
  private let localCopy: LocalCopyKeeper

  public init(_ saving: any CardSaving, localCopy: LocalCopyKeeper) {
    self.saving = saving
    self.localCopy = localCopy
  }

  public func save(_ card: NewCard, idempotencyKey: String) async throws -> AddCardOutcome {
    let outcome = try await saving.save(card, idempotencyKey: idempotencyKey)
    switch outcome {
    case .saved(let card), .alreadySaved(let card): await localCopy.edit { $0.keepCard(card) }
    case .invalid, .declined, .needsBankApproval: break
    }
    return outcome
  }
}

/// A card's bank approval, asked about as it is and, once the bank has approved it and the
/// backend saved it, with the card put in the saved cards.
public struct CardSetupsUpdatingLocalCopy: CardSetups {
  private let setups: any CardSetups
  private let localCopy: LocalCopyKeeper

  public init(_ setups: any CardSetups, localCopy: LocalCopyKeeper) {
    self.setups = setups
    self.localCopy = localCopy
  }

  public func status(ofSetup id: String) async throws -> CardSetupStatus {
    let status = try await setups.status(ofSetup: id)
    if case .succeeded(let card) = status { await localCopy.edit { $0.keepCard(card) } }
    return status
  }

  public func cancelSetup(_ id: String) async throws {
    try await setups.cancelSetup(id)
  }
}

extension LocalCopy {
  mutating func removeCard(_ id: String) {
    cards?.value.removeAll { $0.id == id }
  }

  /// The card as the backend has it now, where the saved cards hold it.
  mutating func replaceCard(_ card: PaymentCard) {
    guard let index = cards?.value.firstIndex(where: { $0.id == card.id }) else { return }
    cards?.value[index] = card
  }

  /// The card in the saved cards: replaced where they hold it, added otherwise; and the
  /// default, if it is.
  mutating func keepCard(_ card: PaymentCard) {
    guard cards != nil else { return }
    if card.isDefault { moveDefault(to: .card(id: card.id)) }
    if cards?.value.contains(where: { $0.id == card.id }) == true {
      replaceCard(card)
    } else {
      cards?.value.append(card)
    }
  }

  /// `method` marked as the default, and nothing else.
  mutating func moveDefault(to method: DefaultMethod) {
    if let kept = cards?.value { cards?.value = kept.map { $0.markingDefault(method) } }
    if let kept = wallet?.value { wallet?.value = kept.markingDefault(method) }
  }
}
