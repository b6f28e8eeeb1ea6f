import Domain
import Foundation

/// The local copy a scenario puts on the device before the app starts: what an earlier run
/// left there. Like Apple Pay it is the device's, not the backend's, so a server never plays
/// it: in process the run seeds its store, and over HTTP `--saved-list` gives the same seed.
///
/// Scenario files write it as `"saved": {"age": "2h", "cards": […], "wallet": {…}}`, or
/// `"saved": "damaged"` for a file that cannot be read (`ScenarioFile.localCopySeed`).
public enum LocalCopySeed: Sendable, Equatable {
  /// A list loaded `age` ago. Only the parts given are kept: no `wallet` keeps no wallet
  /// part, no `cards` no cards part. The cards get the ids the stub backend gives them.
  case list(age: Duration, wallet: Wallet?, cards: [ScenarioCard]?)
  /// A file the store cannot read: truncated in the middle of its cards.
  case damaged

  /// What a damaged seed writes where the store keeps the list: the start of a local copy,
  /// cut off, as a process killed by a disk that filled up might leave it.
  public static let damagedBytes = Data(#"{"version":1,"cards":{"savedAt":"#.utf8)

  /// The list as the store keeps it, its parts saved `age` before `now`; nil for a damaged
  /// seed, which is bytes, not a list.
  public func localCopy(now: Date) -> LocalCopy? {
    guard case .list(let age, let wallet, let cards) = self else { return nil }
    let (seconds, attoseconds) = age.components
    let loadedAt = now.addingTimeInterval(-(Double(seconds) + Double(attoseconds) / 1e18))
    var list = LocalCopy()
    if let wallet { list.wallet = LocalCopy.Part(wallet, loadedAt: loadedAt) }
    if let cards {
      let saved = cards.enumerated().compactMap { index, card -> PaymentCard? in
        guard let expiry = CardExpiry(card.expiry) else { return nil }
        return PaymentCard(
          id: "\(index + 1)", brand: card.brand, lastFour: card.lastFour, expiry: expiry,
          status: card.status, decline: card.decline)
      }
      list.cards = LocalCopy.Part(saved, loadedAt: loadedAt)
    }
    return list
  }
}

extension LocalCopySeed {
  /// The seed as a scenario file writes it, for `--export-scenario` and `--saved-list`:
  /// `"damaged"`, or an object with `age` and the parts given.
  public var jsonObject: Any {
    guard case .list(let age, let wallet, let cards) = self else { return "damaged" }
    var object: [String: Any] = ["age": Self.text(of: age)]
    if let wallet {
      object["wallet"] = [
        "balance": NSDecimalNumber(decimal: wallet.balance), "currency": wallet.currency,
      ]
    }
    if let cards {
      object["cards"] = cards.map { card -> [String: Any] in
        var written: [String: Any] = [
          "brand": card.brand, "last4": card.lastFour, "expiry": card.expiry,
          "status": card.status.rawValue,
        ]
        if let decline = card.decline {
          var declined: [String: Any] = ["reason": decline.reason.rawValue]
          if let message = decline.message { declined["message"] = message }
          // The scenario file's name for the issuer's decline, as the wire's.
          written["rejection"] = declined
        }
        return written
      }
    }
    return object
  }

  /// The units an age is written in, the largest first: "2d", "2h", "45m", "90s".
  static let units: [(suffix: Character, seconds: Int64)] = [
    ("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1),
  ]

  /// `age` in the largest unit that divides it, in whole seconds.
  static func text(of age: Duration) -> String {
    let seconds = age.components.seconds
    for unit in units where seconds % unit.seconds == 0 {
      return "\(seconds / unit.seconds)\(unit.suffix)"
    }
    return "\(seconds)s"
  }
}
