import Domain
import Foundation

/// One pending change as its file in the person's folder holds it: the Data layer's own
/// record, with the format's version. Its place is its file's name.
///
/// Nothing in it is a secret: an idempotency key only says "the same change again", and a
/// card's id and expiry are on the screen.
struct JournalEntryFile: Codable {
  static let currentVersion = 1

  var version = currentVersion
  var change: PendingChangeRecord
}

struct PendingChangeRecord: Codable, Equatable {
  /// "remove", "makeDefault" or "updateExpiry".
  var kind: String
  /// The card removed, updated, or made the default; absent when the wallet is.
  var cardId: String?
  /// For "updateExpiry": "MM/YY".
  var expiry: String?
  var idempotencyKey: String
  /// The person's id, under the file format's first name for it.
  var person: String
  var startedAt: Date

  enum CodingKeys: String, CodingKey {
    case kind, cardId, expiry, idempotencyKey, startedAt
    case person = "account"
  }
}

extension PendingChangeRecord {
  init(_ change: PendingChange) {
    switch change.kind {
    case .remove(let cardID):
      (kind, cardId) = ("remove", cardID)
    case .makeDefault(.card(let id)):
      (kind, cardId) = ("makeDefault", id)
    case .makeDefault(.wallet):
      kind = "makeDefault"
    case .updateExpiry(let cardID, let expiry):
      (kind, cardId, self.expiry) = ("updateExpiry", cardID, expiry.description)
    }
    idempotencyKey = change.idempotencyKey
    person = change.person
    startedAt = change.startedAt
  }

  /// The change at `place`, or why the entry is not one.
  func change(place: Int) throws(SmallFile.Problem) -> PendingChange {
    if let problem = Self.problem(key: idempotencyKey) { throw SmallFile.Problem(reason: problem) }
    guard FileFormat.isPlainText(person) else {
      throw SmallFile.Problem(reason: "a malformed person's id")
    }
    if let cardId, !FileFormat.isPlainText(cardId) {
      throw SmallFile.Problem(reason: "a malformed card id")
    }
    let changeKind: PendingChange.Kind
    switch (kind, cardId, expiry.flatMap(CardExpiry.init)) {
    case ("remove", let id?, nil): changeKind = .remove(cardID: id)
    case ("makeDefault", let id?, nil): changeKind = .makeDefault(.card(id: id))
    case ("makeDefault", nil, nil): changeKind = .makeDefault(.wallet)
    case ("updateExpiry", let id?, let expiry?): changeKind = .updateExpiry(cardID: id, expiry)
    case ("remove", _, _), ("makeDefault", _, _), ("updateExpiry", _, _):
      throw SmallFile.Problem(reason: "a \(kind) whose card or expiry cannot be read")
    default:
      throw SmallFile.Problem(reason: "an unknown kind of change")
    }
    return PendingChange(
      changeKind, idempotencyKey: idempotencyKey, person: person, startedAt: startedAt,
      place: place)
  }

  /// What is wrong with a key, or nil when nothing is: a key goes out as a header value, so
  /// it is 1 to 255 characters of visible ASCII: no space, no control byte, nothing else.
  static func problem(key: String) -> String? {
    if key.isEmpty { return "an empty idempotency key" }
    if key.utf8.count > 255 { return "an idempotency key over 255 characters" }
    let isVisible = key.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    return isVisible ? nil : "an idempotency key with a character that is not visible ASCII"
  }
}
