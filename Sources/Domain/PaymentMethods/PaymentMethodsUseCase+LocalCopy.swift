import Foundation

/// The local copy's half of the policy: what a load keeps, and what it shows of what was
/// kept. `PaymentMethodsUseCase.execute` calls it once the sources have ended.
extension PaymentMethodsUseCase {
  /// A source's answer as the local copy keeps it: the wallet the user can pay with (nil
  /// for none, banned, in review or without funds), the cards (empty for none). Apple Pay
  /// is the device's answer and is not kept.
  enum CopiedAnswer: Sendable {
    case wallet(Wallet?)
    case cards([PaymentCard])
  }

  /// The copied rows shown in place of a source that failed, and when they were loaded.
  struct CopiedRows: Sendable {
    let methods: [PaymentMethod]
    let loadedAt: Date
  }
}

extension LocalCopyPolicy {
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
    _ answers: [PaymentSource: PaymentMethodsUseCase.CopiedAnswer], failures: [SourceFailure],
    logger: any DeveloperLog
  ) async throws -> [PaymentSource: PaymentMethodsUseCase.CopiedRows] {
    let loadedAt = now()
    // Both parts answered: nothing kept before is needed, to keep or to show.
    let before = answers.count == 2 ? nil : await read(logger: logger)
    try Task.checkCancellation()

    if !answers.isEmpty {
      var list = before ?? LocalCopy()
      for answer in answers.values {
        switch answer {
        case .wallet(let wallet): list.wallet = LocalCopy.Part(wallet, loadedAt: loadedAt)
        case .cards(let cards): list.cards = LocalCopy.Part(cards, loadedAt: loadedAt)
        }
      }
      await write(list, logger: logger)
    }

    var shown: [PaymentSource: PaymentMethodsUseCase.CopiedRows] = [:]
    for failure in failures where failure.recovery.isRetry {
      if let rows = before.flatMap({ Self.rows(of: failure.source, in: $0) }),
        isFresh(loadedAt: rows.loadedAt, now: loadedAt)
      {
        shown[failure.source] = rows
        logger.log(
          .info,
          "showing the saved \(failure.source.rawValue) of \(rows.loadedAt.ISO8601Format()) "
            + "beside the failure",
          metadata: [LogMetadataKey.source: failure.source.rawValue])
      }
    }
    return shown
  }

  /// The rows a source's part holds, as the use case's policy shows its answer (a wallet
  /// without funds, no cards: nothing); nil when it holds none, which shows nothing, as a
  /// part never kept.
  private static func rows(of source: PaymentSource, in list: LocalCopy)
    -> PaymentMethodsUseCase.CopiedRows?
  {
    let (answer, loadedAt): (PaymentMethodsUseCase.Fetched, Date)
    switch source {
    case .wallet:
      guard let part = list.wallet, let wallet = part.value else { return nil }
      (answer, loadedAt) = (.wallet(wallet), part.loadedAt)
    case .cards:
      guard let part = list.cards else { return nil }
      (answer, loadedAt) = (.cards(part.value), part.loadedAt)
    case .applePay:
      return nil
    }
    let methods = PaymentMethodsUseCase.contribution(source, .success(answer)).shows.methods
    return methods.isEmpty ? nil : .init(methods: methods, loadedAt: loadedAt)
  }

  /// Deletes the person's local copy: the user is sent on a journey (signed out, locked…),
  /// and whoever signs in next must not see this person's cards. A delete that fails is
  /// logged; the journey goes ahead.
  func forget(logger: any DeveloperLog) async {
    do {
      try await store.delete(account: account)
      logger.log(.debug, "deleted the local copy: the user is sent elsewhere")
    } catch {
      logger.log(
        .warning, "could not delete the local copy",
        metadata: [LogMetadataKey.error: String(describing: error)])
    }
  }

  /// The local copy, or nil when there is none or it cannot be read, which is logged once
  /// with the reason. A read the cancelled load ended says nothing: the caller leaves.
  private func read(logger: any DeveloperLog) async -> LocalCopy? {
    do {
      return try await store.load(account: account)
    } catch {
      guard !Task.isCancelled else { return nil }
      let reason = (error as? LocalCopyUnreadable)?.reason ?? String(describing: error)
      logger.log(
        .warning, "the local copy cannot be read and counts as missing: \(reason)",
        metadata: [LogMetadataKey.error: String(describing: error)])
      return nil
    }
  }

  private func write(_ list: LocalCopy, logger: any DeveloperLog) async {
    do {
      try await store.save(list, account: account)
    } catch {
      logger.log(
        .warning, "could not keep the local copy; the screen is as loaded",
        metadata: [LogMetadataKey.error: String(describing: error)])
    }
  }
}
