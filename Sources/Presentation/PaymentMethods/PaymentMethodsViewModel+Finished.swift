import Domain

extension PaymentMethodsViewModel {
  /// Says, with the list the next load shows, what came of finishing the changes an earlier
  /// run left (`FinishPendingChangesUseCase`): the list shows what the backend made of them,
  /// but not that they were sent, nor that one is still waiting or could not be sent safely any more.
  /// Nothing is said when there was nothing to finish.
  public func tell(_ finished: FinishedChanges) {
    untold = words.sentence(for: finished)
  }

  /// The list as `show` publishes it: with what there is still to tell, told once.
  func grouped(telling list: PaymentMethodList) -> Methods {
    var methods = group(list)
    if let untold {
      methods.say(untold)
      self.untold = nil
    }
    return methods
  }
}

extension Phrasebook {
  /// What finishing came to, a sentence for each of its outcomes; nil for nothing at all.
  public func sentence(for finished: FinishedChanges) -> String? {
    let parts = [
      (finished.finished, "finishing.finished.one", "finishing.finished.many"),
      (finished.kept, "finishing.kept.one", "finishing.kept.many"),
      (finished.dropped, "finishing.dropped.one", "finishing.dropped.many"),
    ].compactMap { count, one, many -> String? in
      count < 1 ? nil : count == 1 ? self[one] : self[many, String(count)]
    }
    return parts.isEmpty ? nil : parts.joined(separator: " ")
  }
}
