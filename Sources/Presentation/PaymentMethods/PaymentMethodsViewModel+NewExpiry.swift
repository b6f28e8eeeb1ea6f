import Domain

/// A card's new expiry, from its own form (`UpdateCardViewModel`): which card takes one,
/// and how the list shows what came of it; and why a row that is no card is not removed.
extension PaymentMethodsViewModel {
  /// The card behind a row, as the list has it: what the new-expiry form starts from.
  public func card(for id: PaymentMethodRow.ID) -> PaymentCard? {
    guard case .card(let card)? = shownMethods.first(where: { $0.id == id }) else { return nil }
    return card
  }

  /// Says why the row behind `id` takes no new expiry, when it takes none: a card that has
  /// not expired (`PaymentCard.takesNewExpiry`, the rule the row's `needsNewExpiry`
  /// follows), or Apple Pay and the wallet, which have no expiry. True when it said so;
  /// false for a card that takes one (or no row, or one with a change on its way), which is
  /// left as it is. The screen's `e` and `update-card` both ask it before any form is
  /// filled in.
  @discardableResult
  public func refuseNewExpiry(_ id: PaymentMethodRow.ID) -> Bool {
    guard let row = listedRow(id), writesInProgress[id] == nil else { return false }
    guard row.kind == .card else {
      sayNotACard(row, applePay: "updateCard.applePayNoExpiry", wallet: "updateCard.walletNoExpiry")
      return true
    }
    guard let card = card(for: id), !card.takesNewExpiry else { return false }
    update {
      $0.say(
        words["updateCard.notExpired", row.title],
        spoken: words["updateCard.notExpired", row.spokenTitle])
      $0.lastChange = .cardNotExpired
    }
    return true
  }

  /// Says why the row behind `id` cannot be removed, when it is no card: Apple Pay belongs
  /// to the device, the wallet to the account. True when it said so; false for a card (or
  /// no row, or one with a change on its way), which is left as it is. The screen's `x`
  /// asks it, as its `e` asks `refuseNewExpiry`.
  @discardableResult
  public func refuseRemoval(_ id: PaymentMethodRow.ID) -> Bool {
    guard let row = listedRow(id), row.kind != .card, writesInProgress[id] == nil else {
      return false
    }
    sayNotACard(row, applePay: "write.applePayNotRemoved", wallet: "write.walletNotRemoved")
    return true
  }

  /// Says, in the words of `applePay` or `wallet` as the row is, why a change only a card
  /// takes leaves it as it is.
  private func sayNotACard(_ row: PaymentMethodRow, applePay: String, wallet: String) {
    update {
      $0.say(words[row.kind == .applePay ? applePay : wallet])
      $0.lastChange = .notACard
    }
  }

  /// The backend gave a card its new expiry (`UpdateCardViewModel`'s `updated`): its row
  /// is made again from the card as the backend has it now.
  public func showUpdated(_ card: PaymentCard) {
    let method = PaymentMethod.card(card)
    guard let index = shownMethods.firstIndex(where: { $0.id == method.id }) else { return }
    shownMethods[index] = method
    guard let row = listedRow(method.id) else { return }
    let expiry = card.expiry.description
    showListed(
      message: (
        words["updateCard.updated", row.title, expiry],
        words["updateCard.updated", row.spokenTitle, expiry]
      ),
      change: .updated)
  }

  /// The new-expiry form found its card gone (`UpdateCardViewModel`'s `cardGone`): the list
  /// is loaded again, once, and says why.
  @discardableResult
  public func showCardGone() -> Task<Void, Never> {
    reloadAfterGone("write.gone")
  }
}
