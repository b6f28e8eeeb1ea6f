import Foundation

/// The local copy's half of the policy: what a load keeps, and what it shows of what was
/// kept. `PaymentMethodsUseCase.refresh` calls it once the sources have ended.
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

  /// Keeps what the sources answered and returns, for each source that failed in a way
  /// trying again may fix, the rows copied for it while they are fresh: read from the copy
  /// as it was before this load, and only where there is a row to show.
  ///
  /// Each answer replaces its source's part; a source that did not answer keeps its part
  /// as it was. A copy that cannot be read counts as missing and is replaced by what this
  /// load keeps; one that cannot be written changes nothing on the screen (`LocalCopyKeeper`
  /// logs both).
  ///
  /// Throws `CancellationError` only: a cancelled load writes nothing.
  static func remember(
    _ answers: [PaymentSource: CopiedAnswer], failures: [SourceFailure],
    in localCopy: LocalCopyKeeper, logger: any DeveloperLog
  ) async throws -> [PaymentSource: CopiedRows] {
    let loadedAt = localCopy.now()
    // Both parts answered: nothing kept before is needed, to keep or to show.
    let before = answers.count == 2 ? nil : await localCopy.read()
    try Task.checkCancellation()

    if !answers.isEmpty {
      var copy = before ?? LocalCopy()
      for answer in answers.values {
        switch answer {
        case .wallet(let wallet): copy.wallet = LocalCopy.Part(wallet, loadedAt: loadedAt)
        case .cards(let cards): copy.cards = LocalCopy.Part(cards, loadedAt: loadedAt)
        }
      }
      await localCopy.write(copy)
    }

    var shown: [PaymentSource: CopiedRows] = [:]
    for failure in failures where failure.recovery.isRetry {
      if let rows = before.flatMap({ rows(of: failure.source, in: $0) }),
        FreshnessPolicy.age(of: rows.loadedAt, now: loadedAt) == .fresh
      {
        shown[failure.source] = rows
        logger.log(
          .info,
          "showing the copied \(failure.source.rawValue) of \(rows.loadedAt.ISO8601Format()) "
            + "beside the failure",
          metadata: [LogMetadataKey.source: failure.source.rawValue])
      }
    }
    return shown
  }

  /// The rows a source's part holds, as the use case's policy shows its answer (a wallet
  /// without funds, no cards: nothing); nil when it holds none, which shows nothing, as a
  /// part never kept.
  private static func rows(of source: PaymentSource, in copy: LocalCopy) -> CopiedRows? {
    let (answer, loadedAt): (Fetched, Date)
    switch source {
    case .wallet:
      guard let part = copy.wallet, let wallet = part.value else { return nil }
      (answer, loadedAt) = (.wallet(wallet), part.loadedAt)
    case .cards:
      guard let part = copy.cards else { return nil }
      (answer, loadedAt) = (.cards(part.value), part.loadedAt)
    case .applePay:
      return nil
    }
    let methods = contribution(source, .success(answer)).shows.methods
    return methods.isEmpty ? nil : .init(methods: methods, loadedAt: loadedAt)
  }
}
