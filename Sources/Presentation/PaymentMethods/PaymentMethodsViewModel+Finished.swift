import Domain
import Foundation

extension PaymentMethodsViewModel {
  /// Says, with the list the next load shows, what came of finishing the changes an earlier
  /// run left (`FinishPendingChangesUseCase`): the list shows what the backend made of them,
  /// but not that they were sent, nor that one is still waiting or could not be sent safely
  /// any more. Nothing is said when there was nothing to finish.
  public func announce(_ finished: FinishedChanges) {
    finishedChangesSentence = words.sentence(for: finished)
  }

  /// The list as `show` publishes it: with what there is still to tell, told once.
  func grouped(telling list: PaymentMethodList) -> Methods {
    var methods = group(list)
    if let finishedChangesSentence {
      methods.say(finishedChangesSentence)
      self.finishedChangesSentence = nil
    }
    return methods
  }
}

extension Phrasebook {
  /// The most changes said one by one; more are counted, so that a long journal is one
  /// short line, never a line of two hundred sentences.
  static let changesNamedAtMost = 3

  /// What finishing came to, a sentence for each change, in the order they were made, or
  /// counted when there are many; nil for nothing at all.
  public func sentence(for finished: FinishedChanges) -> String? {
    guard finished.changes.count <= Self.changesNamedAtMost else { return count(finished) }
    let sentences = finished.changes.map(sentence)
    return sentences.isEmpty ? nil : sentences.joined(separator: " ")
  }

  /// "12 changes from last time: 10 done and 2 still to be sent."
  private func count(_ finished: FinishedChanges) -> String {
    var (done, kept, notMade) = (0, 0, 0)
    for ending in finished.endings {
      switch ending {
      case .done, .gone: done += 1
      case .kept, .waitsForSignIn: kept += 1
      case .refused, .declined, .dropped: notMade += 1
      }
    }
    let parts = [
      (done, "finishing.count.done"), (kept, "finishing.count.kept"),
      (notMade, "finishing.count.notMade"),
    ].filter { $0.0 > 0 }.map { self[$0.1, String($0.0)] }
    let list = parts.formatted(.list(type: .and).locale(Locale(identifier: languageCode)))
    return self["finishing.count", String(finished.changes.count), list]
  }

  /// "Removing Visa •••• 4242, from last time, is done."
  private func sentence(_ finished: FinishedChanges.Finished) -> String {
    let what = self.what(finished)
    switch finished.ending {
    case .done: return self["finishing.done", what]
    case .gone: return self["finishing.gone", what]
    case .refused(.lastPaymentMethod): return self["finishing.refused.lastMethod", what]
    case .refused(.invalid): return self["finishing.refused.invalid", what]
    case .refused(.request(let kind)):
      switch kind {
      case .userNotVerified?: return self["finishing.refused.userNotVerified", what]
      case .userLocked?: return self["finishing.refused.userLocked", what]
      case .appOutdated?: return self["finishing.refused.appOutdated", what]
      case .notOffered?: return self["finishing.refused.notOffered", what]
      default: return self["finishing.refused.request", what]
      }
    case .declined: return self["finishing.declined", what]
    case .kept: return self["finishing.kept", what]
    case .waitsForSignIn: return self["finishing.waitsForSignIn", what]
    case .dropped(.tooOld): return self["finishing.dropped.tooOld", what]
    case .dropped(.fromTheFuture): return self["finishing.dropped.fromTheFuture", what]
    // Not reported by finishing: the person's own newer choice replaced it.
    case .dropped(.newerChoice): return self["finishing.dropped.newerChoice", what]
    }
  }

  /// The change, named with its card as the local copy last showed it: "Removing Visa ••••
  /// 4242", or "Removing a card" when the local copy does not hold it.
  private func what(_ finished: FinishedChanges.Finished) -> String {
    let card = title(of: finished.card)
    switch finished.change.kind {
    case .remove: return self["finishing.what.remove", card]
    case .makeDefault(.card): return self["finishing.what.defaultCard", card]
    case .makeDefault(.wallet): return self["finishing.what.defaultWallet"]
    case .updateExpiry(_, let expiry):
      return self["finishing.what.expiry", card, expiry.description]
    }
  }

  /// What the start is doing while it sends `change` again, named with `card` as the local
  /// copy last showed it: "Finishing your last change: removing Visa •••• 4242…".
  ///
  /// - Parameter shortened: the card named by its last four digits alone ("•••• 4242"),
  ///   for a line too narrow for its whole name.
  public func sentence(
    sending change: PendingChange, card: PaymentCard?, shortened: Bool = false
  ) -> String {
    let card =
      if shortened, let card { self["finishing.shortCard", card.lastFour] } else {
        title(of: card)
      }
    switch change.kind {
    case .remove: return self["finishing.sending.remove", card]
    case .makeDefault(.card): return self["finishing.sending.defaultCard", card]
    case .makeDefault(.wallet): return self["finishing.sending.defaultWallet"]
    case .updateExpiry(_, let expiry):
      return self["finishing.sending.expiry", card, expiry.description]
    }
  }

  /// "Visa •••• 4242", or "a card" for one the local copy does not hold.
  private func title(of card: PaymentCard?) -> String {
    card.map { self["row.card.title", $0.brand, $0.lastFour] } ?? self["finishing.aCard"]
  }
}
