import Foundation

/// The saved list's half of the policy: what a load keeps, and what it shows of what was
/// kept. `PaymentMethodsUseCase.execute` calls it once the sources have ended.
extension PaymentMethodsUseCase {
  /// A source's answer as the saved list keeps it: the wallet the user can pay with (nil
  /// for none, banned, in review or without funds), the cards (empty for none). Apple Pay
  /// is the device's answer and is not kept.
  enum SavedAnswer: Sendable {
    case wallet(Wallet?)
    case cards([PaymentCard])
  }

  /// The saved rows shown in place of a source that failed, and when they were loaded.
  struct SavedRows: Sendable {
    let methods: [PaymentMethod]
    let savedAt: Date
  }
}

extension SavedListPolicy {
  /// Keeps what the sources answered and returns, for each source that failed in a way
  /// trying again may fix, the rows saved for it while they are fresh: read from the list
  /// as it was before this load, and only where there is a row to show.
  ///
  /// Each answer replaces its source's part; a source that did not answer keeps its part
  /// as it was. A list that cannot be read counts as missing, is logged once, and is
  /// replaced by what this load keeps. A list that cannot be written changes nothing on
  /// the screen: it is logged.
  ///
  /// Throws `CancellationError` only: a cancelled load writes nothing.
  func remember(
    _ answers: [PaymentSource: PaymentMethodsUseCase.SavedAnswer], failures: [SourceFailure],
    logger: any DeveloperLog
  ) async throws -> [PaymentSource: PaymentMethodsUseCase.SavedRows] {
    let loadedAt = now()
    // Both parts answered: nothing kept before is needed, to keep or to show.
    let before = answers.count == 2 ? nil : await read(logger: logger)
    try Task.checkCancellation()

    if !answers.isEmpty {
      var list = before ?? SavedList()
      for answer in answers.values {
        switch answer {
        case .wallet(let wallet): list.wallet = SavedList.Part(wallet, savedAt: loadedAt)
        case .cards(let cards): list.cards = SavedList.Part(cards, savedAt: loadedAt)
        }
      }
      await write(list, logger: logger)
    }

    var shown: [PaymentSource: PaymentMethodsUseCase.SavedRows] = [:]
    for failure in failures where failure.recovery.isRetry {
      if let rows = before.flatMap({ Self.rows(of: failure.source, in: $0) }),
        isFresh(savedAt: rows.savedAt, now: loadedAt)
      {
        shown[failure.source] = rows
        logger.log(
          .info,
          "showing the saved \(failure.source.rawValue) of \(rows.savedAt.ISO8601Format()) "
            + "beside the failure",
          metadata: [LogMetadataKey.source: failure.source.rawValue])
      }
    }
    return shown
  }

  /// The rows a source's part holds, as the use case's policy shows its answer (a wallet
  /// without funds, no cards: nothing); nil when it holds none, which shows nothing, as a
  /// part never kept.
  private static func rows(of source: PaymentSource, in list: SavedList)
    -> PaymentMethodsUseCase.SavedRows?
  {
    let (answer, savedAt): (PaymentMethodsUseCase.Fetched, Date)
    switch source {
    case .wallet:
      guard let part = list.wallet, let wallet = part.value else { return nil }
      (answer, savedAt) = (.wallet(wallet), part.savedAt)
    case .cards:
      guard let part = list.cards else { return nil }
      (answer, savedAt) = (.cards(part.value), part.savedAt)
    case .applePay:
      return nil
    }
    let methods = PaymentMethodsUseCase.contribution(source, .success(answer)).shows.methods
    return methods.isEmpty ? nil : .init(methods: methods, savedAt: savedAt)
  }

  /// Deletes the person's saved list: the user is sent on a journey (signed out, locked…),
  /// and whoever signs in next must not see this person's cards. A delete that fails is
  /// logged; the journey goes ahead.
  func forget(logger: any DeveloperLog) async {
    do {
      try await store.delete(account: account)
      logger.log(.debug, "deleted the saved list: the user is sent elsewhere")
    } catch {
      logger.log(
        .warning, "could not delete the saved list",
        metadata: [LogMetadataKey.error: String(describing: error)])
    }
  }

  /// The saved list, or nil when there is none or it cannot be read, which is logged once
  /// with the reason. A read the cancelled load ended says nothing: the caller leaves.
  private func read(logger: any DeveloperLog) async -> SavedList? {
    do {
      return try await store.load(account: account)
    } catch {
      guard !Task.isCancelled else { return nil }
      let reason = (error as? SavedListUnreadable)?.reason ?? String(describing: error)
      logger.log(
        .warning, "the saved list cannot be read and counts as missing: \(reason)",
        metadata: [LogMetadataKey.error: String(describing: error)])
      return nil
    }
  }

  private func write(_ list: SavedList, logger: any DeveloperLog) async {
    do {
      try await store.save(list, account: account)
    } catch {
      logger.log(
        .warning, "could not keep the saved list; the screen is as loaded",
        metadata: [LogMetadataKey.error: String(describing: error)])
    }
  }
}
