import Foundation

/// The last list the screen showed, kept on the device so that a person who goes offline
/// still sees their ways to pay, marked "Saved" and with their age.
///
/// Each source's part is kept with the time it was loaded, because sources fail one at a
/// time: the cards may be an hour old while the wallet answered a moment ago. It holds only
/// what the screen shows (see `PaymentCard` and `Wallet`): never a full card number, a
/// security code, a token or a trace id. Apple Pay is not kept: it is the device's own
/// answer and never needs the network.
public struct LocalCopy: Sendable, Equatable {
  /// What one source answered, and when.
  public struct Part<Value: Sendable & Equatable>: Sendable, Equatable {
    public var value: Value
    public var loadedAt: Date

    public init(_ value: Value, loadedAt: Date) {
      self.value = value
      self.loadedAt = loadedAt
    }
  }

  /// The wallet as last loaded; a value of nil means the last answer was "no wallet the
  /// user can pay with". A part of nil means no answer was ever kept.
  public var wallet: Part<Wallet?>?
  /// The cards as last loaded; an empty list was the answer "no saved cards".
  public var cards: Part<[PaymentCard]>?

  public init(wallet: Part<Wallet?>? = nil, cards: Part<[PaymentCard]>? = nil) {
    self.wallet = wallet
    self.cards = cards
  }
}

/// Where the local copy of each signed-in person is kept. The Data layer keeps it in a
/// file; tests and previews keep it in memory; an iOS app may keep it in Core Data or
/// SwiftData behind the same three calls.
public protocol LocalCopyStore: Sendable {
  /// The person's local copy, or nil when none was kept. Throws `LocalCopyUnreadable` when
  /// one was kept but cannot be read (damaged, another format version, too large); the
  /// caller treats it as missing.
  func load(person: String) async throws -> LocalCopy?
  /// Replaces the person's local copy, whole.
  func save(_ list: LocalCopy, person: String) async throws
  /// Forgets the person's local copy; nothing kept is not an error.
  func delete(person: String) async throws
}

/// A local copy that was kept but cannot be read. It counts as missing: the screen loads
/// as if nothing was kept, and the next successful load replaces it.
public struct LocalCopyUnreadable: Error, Sendable, Equatable, CustomStringConvertible {
  /// For the developer log, such as "format version 7, expected 1".
  public var reason: String

  public init(reason: String) {
    self.reason = reason
  }

  public var description: String { "the local copy cannot be read: \(reason)" }
}
