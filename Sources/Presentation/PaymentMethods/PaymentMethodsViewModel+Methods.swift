import Domain
import Foundation

extension PaymentMethodsViewModel {
  /// The loaded list, grouped the way the screen shows it, and what could not load.
  public struct Methods: Sendable, Equatable {
    public var wallet: PaymentMethodRow?
    public var cards: [PaymentMethodRow]
    public var applePay: PaymentMethodRow?
    /// The sources that failed while the others loaded, in source order: each says what
    /// could not load, and its recovery says whether trying again can help.
    public var sourceNotices: [SourceNotice]
    /// A refresh is running; the rows stay usable meanwhile.
    public var isRefreshing: Bool
    /// Feedback on the last selection or change, if any.
    public var message: String?
    /// The message as a screen reader reads it (a card by "ending in 4242", not by its
    /// dots); nil when it reads as it is written.
    public var spokenMessage: String?
    /// The last change to a row that failed, shown under its row; "Try again" sends it
    /// again.
    public var failedWrite: FailedWrite?
    /// How the last change the backend answered ended, for code to read: `message` says it
    /// to the user.
    public var lastChange: Change?

    public init(
      wallet: PaymentMethodRow? = nil, cards: [PaymentMethodRow] = [],
      applePay: PaymentMethodRow? = nil, sourceNotices: [SourceNotice] = [],
      isRefreshing: Bool = false, message: String? = nil, spokenMessage: String? = nil,
      failedWrite: FailedWrite? = nil
    ) {
      self.wallet = wallet
      self.cards = cards
      self.applePay = applePay
      self.sourceNotices = sourceNotices
      self.isRefreshing = isRefreshing
      self.message = message
      self.spokenMessage = spokenMessage
      self.failedWrite = failedWrite
    }

    /// The row selected, if any.
    public var selected: PaymentMethodRow? { rows.first(where: \.isSelected) }

    /// Whether trying again can help with a source, or a change, that failed.
    public var canRetry: Bool {
      sourceNotices.contains { $0.error.recovery.isRetry }
        || failedWrite?.error.recovery.isRetry == true
    }

    /// Says `message`, which a screen reader reads as `spoken` when that is given.
    mutating func say(_ message: String?, spoken: String? = nil) {
      self.message = message
      spokenMessage = spoken
    }

    /// Marks the row with `id` as taking `write`, or as taking none.
    mutating func mark(_ id: PaymentMethodRow.ID, _ write: PaymentMethodRow.Write?) {
      func marked(_ row: PaymentMethodRow) -> PaymentMethodRow {
        var row = row
        if row.id == id { row.write = write }
        return row
      }
      wallet = wallet.map(marked)
      cards = cards.map(marked)
      applePay = applePay.map(marked)
    }

    /// Marks the row with `id` as the one selected, and no other.
    mutating func select(_ id: PaymentMethodRow.ID) {
      func mark(_ row: PaymentMethodRow) -> PaymentMethodRow {
        var row = row
        row.isSelected = row.id == id
        return row
      }
      wallet = wallet.map(mark)
      cards = cards.map(mark)
      applePay = applePay.map(mark)
    }

    /// Every row, in screen order.
    public var rows: [PaymentMethodRow] {
      [wallet].compactMap { $0 } + cards + [applePay].compactMap { $0 }
    }
  }

  /// How a change to a row ended, when the backend answered it (or the app refused it).
  public enum Change: Sendable, Equatable {
    /// The card is off the list; `alreadyGone` when another device had removed it.
    case removed(alreadyGone: Bool)
    /// The backend keeps the card: it is the user's last way to pay.
    case keptAsLastMethod
    case madeDefault
    /// The method was the default already: nothing was sent.
    case alreadyDefault
    /// The use case refused the method as the default, for its reason: nothing was sent.
    case refusedAsDefault(DefaultRefusal)
    /// The method was gone: the list was loaded again.
    case methodGone
    /// The card has its new expiry.
    case updated
    /// The card has not expired, so it takes no new expiry (`PaymentCard.takesNewExpiry`):
    /// nothing was sent.
    case cardNotExpired
    /// Apple Pay or the wallet, asked to be removed or to take a new expiry: only a card
    /// is removed or takes one. Nothing was sent.
    case notACard
  }

  /// A change to a row that failed: the row stays as the backend has it.
  public struct FailedWrite: Sendable, Equatable {
    public var rowID: PaymentMethodRow.ID
    public var write: PaymentMethodRow.Write
    /// What went wrong, with its recovery.
    public var error: PresentationError

    public init(rowID: PaymentMethodRow.ID, write: PaymentMethodRow.Write, error: PresentationError)
    {
      self.rowID = rowID
      self.write = write
      self.error = error
    }
  }

  /// A source that could not load while the rest of the screen did: not an empty source.
  public struct SourceNotice: Sendable, Equatable {
    public var source: PaymentSource
    /// What could not load, worded for this source, with its recovery. Where copied rows are
    /// shown in the source's place, its title and message also say as of when ("You're
    /// offline · your cards as of 10:42", "… What you see was saved 2 hours ago.").
    public var error: PresentationError
    /// When the copied rows shown for this source were loaded; nil when none are shown.
    public var asOf: Date?

    public init(source: PaymentSource, error: PresentationError, asOf: Date? = nil) {
      self.source = source
      self.error = error
      self.asOf = asOf
    }
  }
}
