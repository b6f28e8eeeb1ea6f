import Domain
import Presentation

extension PolicyOracle {
  static func verdict(_ wallet: WalletBehaviour) -> Verdict {
    switch wallet {
    case .ok: .show([Row(id: "wallet", isSelectable: true)])
    // Absence is an answer; a wallet that cannot pay is skipped at info.
    case .notFound, .switchedOff: .skip(.debug)
    case .noFunds, .banned, .inReview: .skip(.info)
    case .fails(let kind): .fail(Failure(source: .wallet, what: .request(kind)))
    case .pastDeadline: .fail(Failure(source: .wallet, what: .pastDeadline))
    case .unknown: .fail(Failure(source: .wallet, what: .unknown))
    }
  }

  static func verdict(_ cards: CardsBehaviour) -> Verdict {
    switch cards {
    case .ok: .show([Row(id: "card-visa", isSelectable: true)])
    case .none: .skip(.debug)
    // A decline is an answer: the cards are listed, and cannot be selected.
    case .onlyRejected:
      .show([
        Row(id: "card-blocked", isSelectable: false), Row(id: "card-refused", isSelectable: false),
      ])
    case .fails(let kind): .fail(Failure(source: .cards, what: .request(kind)))
    case .pastDeadline: .fail(Failure(source: .cards, what: .pastDeadline))
    case .unknown: .fail(Failure(source: .cards, what: .unknown))
    }
  }

  static func verdict(_ applePay: ApplePayBehaviour) -> Verdict {
    switch applePay {
    case .available, .needsSetup: .show([Row(id: "apple-pay", isSelectable: true)])
    case .notAvailable, .switchedOff: .skip(.debug)
    case .unknown: .fail(Failure(source: .applePay, what: .unknown))
    }
  }

  /// The payment-methods screen for one combination.
  static func paymentMethods(
    _ wallet: WalletBehaviour, _ cards: CardsBehaviour, _ applePay: ApplePayBehaviour
  ) -> Expectation {
    let verdicts: [(PaymentSource, Verdict)] = [
      (.wallet, verdict(wallet)), (.cards, verdict(cards)), (.applePay, verdict(applePay)),
    ]
    var failures: [Failure] = []
    var rows: [Row] = []
    var skips: [String: [LogLevel]] = [:]
    for (source, verdict) in verdicts {
      switch verdict {
      case .show(let shown): rows += shown
      case .skip(let level): skips[source.rawValue, default: []].append(level)
      case .fail(let failure): failures.append(failure)
      }
    }

    // A journey wins, the first in source order; nothing is logged as skipped.
    if let interrupting = failures.first(where: { $0.journey != nil }) {
      return Expectation(
        screen: interrupting.screen(subject: "your payment methods"), sourceLogLevels: [:],
        outcomeLogLevels: [.warning], deciding: interrupting, others: nil)
    }
    // Something to show: every skip and every failure is logged.
    if !rows.isEmpty {
      var levels = skips
      for failure in failures {
        levels[failure.source.rawValue, default: []].append(failure.skipLevel)
      }
      // The issuer's own words for a card it declined are logged, at info, never shown.
      let issuerWords: [LogLevel] = rows.contains { $0.id == "card-refused" } ? [.info] : []
      return Expectation(
        screen: .loaded(rows), sourceLogLevels: levels, outcomeLogLevels: issuerWords,
        deciding: nil, others: nil)
    }
    // Nothing to show: the empty state only if every source answered.
    guard let first = failures.first else {
      return Expectation(
        screen: .empty("No payment methods yet"), sourceLogLevels: skips, outcomeLogLevels: [],
        deciding: nil, others: nil)
    }
    // The first, in source order, whose recovery is a retry; else the first.
    let deciding = failures.first(where: \.isRetry) ?? first
    let screen = deciding.screen(subject: "your payment methods")
    let outcomeLevel: LogLevel =
      if case .failed(_, .unexpected, _, _) = screen { .error } else { .warning }
    return Expectation(
      screen: screen, sourceLogLevels: skips, outcomeLogLevels: [outcomeLevel],
      deciding: deciding, others: failures.filter { $0 != deciding })
  }

  /// The wallet screen, where the wallet's own answers are the point of the screen.
  static func walletScreen(_ wallet: WalletBehaviour) -> Expectation {
    let status: WalletScreenStatus? =
      switch wallet {
      case .ok, .switchedOff: .active(hasNote: false)
      case .noFunds: .active(hasNote: true)
      case .notFound: .noWallet
      case .banned: .banned
      case .inReview: .inReview
      case .fails, .pastDeadline, .unknown: nil
      }
    if let status {
      return Expectation(
        screen: .wallet(status), sourceLogLevels: [:], outcomeLogLevels: [], deciding: nil,
        others: nil)
    }
    guard case .fail(let failure) = verdict(wallet) else {
      return Expectation(
        screen: .loading, sourceLogLevels: [:], outcomeLogLevels: [], deciding: nil, others: nil)
    }
    let screen = failure.screen(subject: "your wallet")
    let level: LogLevel =
      if case .failed(_, .unexpected, _, _) = screen { .error } else { .warning }
    return Expectation(
      screen: screen, sourceLogLevels: [:], outcomeLogLevels: [level], deciding: failure,
      others: nil)
  }
}
