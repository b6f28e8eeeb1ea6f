import Foundation

/// Changes to saved cards, each passed on as it is and, once the backend has agreed, made
/// to the local copy too: a card removed (or gone already, elsewhere) leaves the saved
/// cards, a new default moves the default marks, a new expiry replaces the card. The
/// answers, and the errors, are the inner writes' own.
public struct CardWritesUpdatingLocalCopy: SavedCardWrites {
  private let writes: any SavedCardWrites
  private let localCopy: LocalCopyEdits

  public init(
    _ writes: any SavedCardWrites, store: any LocalCopyStore, account: String,
    logger: any DeveloperLog
  ) {
    self.writes = writes
    self.localCopy = LocalCopyEdits(store: store, account: account, logger: logger)
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
    case .applePayIsNeverDefault, .cardCannotPay: break
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
    case .invalid, .declined: break
    }
    return outcome
  }
}

/// Adding a card, passed on as it is and, once the backend has saved the card (or had it
/// already), with the card put in the saved cards.
public struct CardSavingUpdatingLocalCopy: CardSaving {
  private let saving: any CardSaving
  private let localCopy: LocalCopyEdits

  public init(
    _ saving: any CardSaving, store: any LocalCopyStore, account: String,
    logger: any DeveloperLog
  ) {
    self.saving = saving
    self.localCopy = LocalCopyEdits(store: store, account: account, logger: logger)
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
  private let localCopy: LocalCopyEdits

  public init(
    _ setups: any CardSetups, store: any LocalCopyStore, account: String,
    logger: any DeveloperLog
  ) {
    self.setups = setups
    self.localCopy = LocalCopyEdits(store: store, account: account, logger: logger)
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

/// One person's local copy, changed after a write the backend agreed to.
///
/// Only a part that exists is changed, and it keeps its `loadedAt`: the write is fresh news
/// of one card, not of the whole list (another device may have changed the rest), so the
/// part is no younger than its last load. Nothing kept, or a list that cannot be read,
/// is left for the next load to replace. A change that cannot be read or written is logged
/// and never fails the write: the backend has agreed, and that is what the screen says.
/// (A load that ends while a change is made may write its own list over it; the next load
/// that answers puts it right, as it does for a change made on another device.)
struct LocalCopyEdits: Sendable {
  let store: any LocalCopyStore
  let account: String
  let logger: any DeveloperLog

  func edit(_ change: (inout LocalCopy) -> Void) async {
    let kept: LocalCopy?
    do {
      kept = try await store.load(account: account)
    } catch {
      let reason = (error as? LocalCopyUnreadable)?.reason ?? String(describing: error)
      return logger.log(
        .warning, "the local copy cannot be read, so a change is not made to it: \(reason)",
        metadata: [LogMetadataKey.error: String(describing: error)])
    }
    guard let kept else { return }
    var list = kept
    change(&list)
    guard list != kept else { return }
    do {
      try await store.save(list, account: account)
    } catch {
      logger.log(
        .warning, "could not make a change to the local copy",
        metadata: [LogMetadataKey.error: String(describing: error)])
    }
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
    if let saved = cards?.value { cards?.value = saved.map { $0.markingDefault(method) } }
    if let saved = wallet?.value { wallet?.value = saved.markingDefault(method) }
  }
}
