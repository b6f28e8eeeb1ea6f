import DataLayer
import Domain
import Foundation

/// What the stub backend remembers of the writes to the cards: the effects a step's
/// `CardEffect` plays, and the lists and answers they change from then on.
extension ScenarioBackend {
  /// What a step's `CardEffect` makes of its answer, and what it changes for the
  /// requests after it: cards saved (or found saved already), removed, gone, updated or
  /// made the default, setups started, approved or cancelled.
  func apply(
    _ effect: ScenarioScript.CardEffect, to answer: BackendResponse,
    for request: BackendRequest, setupID: String?
  ) -> BackendResponse {
    var response = answer
    switch effect {
    case .saved:
      if let listed = listedCard(like: request) { return Self.alreadySaved(listed) }
      let card = Self.card(from: request, id: "\(savedCards.count + 100)")
      savedCards.append(card)
      response.body = Data(WireBody.text(card).utf8)
    case .existing:
      let conflict = WireBody.AlreadySaved(
        code: WireBody.Code.cardAlreadySaved, card: existingCard(like: request))
      response.body = Data(WireBody.text(conflict).utf8)
    case .gone:
      switch Self.method(of: request) {
      case .wallet: walletGone = true
      case .card(let id): removedIDs.insert(id)
      case nil: break
      }
    case .removed:
      let id = request.resourceID ?? ""
      if listedCards().contains(where: { $0.id == id }) {
        removedIDs.insert(id)
      } else {
        response = Self.notFound(WireBody.Code.cardNotFound)
      }
    case .madeDefault:
      let sent = request.body.flatMap { WireBody.DefaultMethod(body: $0.bytes) }
      if let sent,
        sent.method.kind == "wallet"
          || listedCards().contains(where: {
            $0.id == sent.method.id
          })
      {
        defaultMethod = sent.method
        response.body = Data(WireBody.text(sent).utf8)
      } else {
        response = Self.notFound(WireBody.Code.methodNotFound)
      }
    case .updated:
      let id = request.resourceID ?? ""
      if var card = listedCards().first(where: { $0.id == id }) {
        card.expiry = Self.fields(of: request)["expiry"] ?? card.expiry
        card.status = "active"
        card.decline = nil
        updatedCards[id] = card
        response.body = Data(WireBody.text(card).utf8)
      } else {
        response = Self.notFound(WireBody.Code.cardNotFound)
      }
    case .setUp:
      if let listed = listedCard(like: request) { return Self.alreadySaved(listed) }
      let id = "setup-\(setups.count + 1)"
      setups[id] = CardSetup(card: Self.card(from: request, id: ""))
      var started: [String: JSONValue] = [:]
      if case .object(let members)? = JSONValue.read(response.body) { started = members }
      started["setupId"] = .string(id)
      response.body = Data(JSONValue.object(started).text.utf8)
    case .approved:
      if let id = setupID, var setup = setups[id] {
        setup.card.id = "\(savedCards.count + 100)"
        savedCards.append(setup.card)
        response.body = Data(
          WireBody.text(WireBody.Setup(status: "succeeded", card: setup.card)).utf8)
      }
    case .canceledSetup:
      let id = request.resourceID ?? ""
      if let ended = setups[id]?.ended {
        response = ended
      } else if setups[id] != nil {
        response = BackendResponse(
          status: 200, body: Data(WireBody.text(WireBody.Setup(status: "canceled")).utf8))
        setups[id]?.ended = response
      } else {
        response = Self.notFound(WireBody.Code.setupNotFound)
      }
    }
    return response
  }

  /// A poll's answer for its setup: a 404 for a setup nobody started; an answer that ends
  /// the setup (succeeded, failed, canceled) is kept for every later poll.
  func settle(_ response: BackendResponse, ofSetup id: String?) -> BackendResponse {
    guard let id, setups[id] != nil else { return Self.notFound(WireBody.Code.setupNotFound) }
    if response.status == 200, let status = JSONValue.read(response.body)?["status"]?.string,
      ["succeeded", "failed", "canceled"].contains(status)
    {
      setups[id]?.ended = response
    }
    return response
  }

  /// The card a request's body describes, as the backend stores it: brand and last four,
  /// never the whole number or the code.
  static func card(from request: BackendRequest, id: String) -> WireBody.Cards.Card {
    let fields = fields(of: request)
    let number = fields["number"] ?? ""
    return WireBody.Cards.Card(
      id: id, brand: CardValidation.brand(of: number)?.rawValue ?? "Card",
      last4: String(number.suffix(4)), expiry: fields["expiry"] ?? "", status: "active",
      decline: nil)
  }

  /// The saved card a 409 names: the listed card with the brand and last four sent, or,
  /// when none is listed (it was saved on another device), that card, saved now so that
  /// the list shows it from here on. Either way it has an id of its own.
  func existingCard(like request: BackendRequest) -> WireBody.Cards.Card {
    if let listed = listedCard(like: request) { return listed }
    var card = Self.card(from: request, id: "")
    card.id = "\(savedCards.count + 100)"
    savedCards.append(card)
    return card
  }

  /// The card on the user's list now with the brand and last four a request sends: a card
  /// already saved, which is never saved twice.
  func listedCard(like request: BackendRequest) -> WireBody.Cards.Card? {
    let sent = Self.card(from: request, id: "")
    return listedCards().first { $0.brand == sent.brand && $0.last4 == sent.last4 }
  }

  /// A 409 `card_already_saved` naming `card`.
  static func alreadySaved(_ card: WireBody.Cards.Card) -> BackendResponse {
    let conflict = WireBody.AlreadySaved(code: WireBody.Code.cardAlreadySaved, card: card)
    return BackendResponse(status: 409, body: Data(WireBody.text(conflict).utf8))
  }

  /// The method a write names: the card in its path, or the method its body sends.
  static func method(of request: BackendRequest) -> DefaultMethod? {
    if let id = request.resourceID { return .card(id: id) }
    let sent = request.body.flatMap { WireBody.DefaultMethod(body: $0.bytes) }
    switch (sent?.method.kind, sent?.method.id) {
    case ("wallet", _): return .wallet
    case ("card", let id?): return .card(id: id)
    default: return nil
    }
  }

  /// The cards the user has now, as the next `GET /cards` 200 would list them: the
  /// script's (of this stage), then the saved ones, with the writes since applied.
  func listedCards() -> [WireBody.Cards.Card] {
    let steps = (stage == 0 ? script : script.wayOut[stage - 1]).steps(.cards)
    let listed = steps.filter { $0.status == 200 }.flatMap {
      WireBody.Cards(body: $0.body.utf8)?.cards ?? []
    }
    var seen: Set<String> = []
    return (listed + savedCards).filter {
      seen.insert($0.id).inserted && !removedIDs.contains($0.id)
    }
    .map { updatedCards[$0.id] ?? $0 }
  }

  /// A `GET /cards` answer with the writes since applied: the cards saved added to its
  /// list, the ones removed left out, the ones updated as they are now.
  func withWrites(_ response: BackendResponse) -> BackendResponse {
    guard
      !savedCards.isEmpty || !removedIDs.isEmpty || !updatedCards.isEmpty || defaultMethod != nil,
      response.status == 200,
      case .object(var object)? = JSONValue.read(response.body),
      case .array(let listed)? = object["cards"],
      let cards = Self.objects(listed)
    else { return response }
    object["cards"] = .array(
      (cards + savedCards.map(\.members)).compactMap { listed -> JSONValue? in
        guard case .string(let id)? = listed["id"] else { return .object(listed) }
        if removedIDs.contains(id) { return nil }
        var card = updatedCards[id]?.members ?? listed
        if let defaultMethod {
          let isDefault = defaultMethod.kind == "card" && defaultMethod.id == id
          card["isDefault"] = isDefault ? .bool(true) : nil
        }
        return .object(card)
      })
    return BackendResponse(
      status: 200, headers: response.headers, body: Data(JSONValue.object(object).text.utf8))
  }

  /// A `GET /wallet` answer as the writes left it: a 404 `wallet_not_found` once the wallet
  /// is gone; marked as the default, or not, once a default has been set.
  func withDefault(_ response: BackendResponse) -> BackendResponse {
    if walletGone, response.status == 200 { return Self.notFound(WireBody.Code.walletNotFound) }
    guard let defaultMethod, response.status == 200,
      case .object(var object)? = JSONValue.read(response.body)
    else { return response }
    object["isDefault"] = defaultMethod.kind == "wallet" ? .bool(true) : nil
    return BackendResponse(
      status: 200, headers: response.headers, body: Data(JSONValue.object(object).text.utf8))
  }

  /// The members of each of `values`; nil unless every one is an object.
  private static func objects(_ values: [JSONValue]) -> [[String: JSONValue]]? {
    var objects: [[String: JSONValue]] = []
    for value in values {
      guard case .object(let members) = value else { return nil }
      objects.append(members)
    }
    return objects
  }

  static func notFound(_ code: String) -> BackendResponse {
    BackendResponse(status: 404, body: Data(WireBody.text(WireBody.Problem(code: code)).utf8))
  }
}
