import Presentation

extension ScreenSnapshot {
  /// A row of the list as the screen draws it and `--json` writes it.
  struct Method: Equatable, Encodable {
    var kind: PaymentMethodRow.Kind
    var title: String
    /// The title as a screen reader reads it; not part of the JSON.
    var spokenTitle = ""
    var subtitle: String
    var selectable: Bool
    var selected: Bool
    /// The row as a screen reader reads it.
    var accessibilityLabel: String = ""
    /// The row's id: "wallet", "card-1", "apple-pay".
    var id: String = ""
    /// The user's default way to pay.
    var isDefault = false
    /// An expired card, which a new expiry would let pay again; not part of the JSON.
    var needsNewExpiry = false
    /// A change on its way to the backend; not part of the JSON (a final state has none).
    var write: PaymentMethodRow.Write?
    /// The change to this row that failed, if the last one did; not part of the JSON.
    var failedWrite: Notice?
    /// The row is shown from the local copy, because its source could not load: `fromCache`
    /// in the JSON.
    var isFromLocalCopy = false
    /// What the screen says under a copied row ("Saved · may be out of date"); not part of
    /// the JSON, which says `fromCache`.
    var localCopyHint: String?

    /// The keys `--json` writes; the rest is for the screen alone.
    enum CodingKeys: String, CodingKey {
      case id, kind, title, subtitle, selectable, selected, isDefault, accessibilityLabel
      case isFromLocalCopy = "fromCache"
    }
  }
}

extension ScreenSnapshot.Method {
  init(_ row: PaymentMethodRow) {
    self.init(
      kind: row.kind, title: row.title, subtitle: row.subtitle,
      selectable: row.isSelectable, selected: row.isSelected,
      accessibilityLabel: row.accessibilityLabel, id: row.id, isDefault: row.isDefault,
      needsNewExpiry: row.needsNewExpiry, write: row.write)
    spokenTitle = row.spokenTitle
    isFromLocalCopy = row.isFromLocalCopy
    localCopyHint = row.localCopyHint
  }
}

// `--json` writes a row's kind by its raw value ("card"). The conformance is the
// terminal's: the layer that owns the type knows nothing of JSON.
extension PaymentMethodRow.Kind: Encodable {}

extension ScreenSnapshot.Method {
  /// A row `e` gives no new expiry: a card that has not expired, Apple Pay or the wallet,
  /// with no change on its way. `e` is not offered on it; pressed there, the view model
  /// says why.
  var takesNoNewExpiry: Bool {
    (kind != .card || !needsNewExpiry) && write == nil
  }

  /// A row `x` does not remove: Apple Pay, which is the device's, or the wallet, with no
  /// change on its way. `x` is not offered on it; pressed there, the view model says why.
  var takesNoRemoval: Bool {
    kind != .card && write == nil
  }

  /// A row that `d` cannot make the default: Apple Pay, which is the device's, a card that
  /// cannot pay, or the default already. `d` is not offered on it; pressed there, the view
  /// model says why.
  var changesNoDefault: Bool {
    kind == .applePay || (kind == .card && !selectable) || isDefault
  }
}
