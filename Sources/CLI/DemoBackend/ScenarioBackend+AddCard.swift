import DataLayer
import Domain
import Foundation

/// `POST /cards` as a careful backend answers it: a submission's idempotency key settles
/// it once, so a retry or a replay gets the same answer and never saves a second card, and
/// a saved card shows up in the next `GET /cards`.
extension ScenarioBackend {
  func addCard(_ request: BackendRequest) async throws -> BackendResponse {
    try await wait(scenario.addCard.latency)
    if let key = request.idempotencyKey, let settled = settledSubmissions[key] {
      return settled
    }
    let answers = scenario.addCard.answers
    let answer = answers[min(addCardAnswersServed, answers.count - 1)]
    addCardAnswersServed += 1

    let sent = Self.card(from: request, id: "\(savedCards.count + 100)")
    switch answer {
    case .respond(let status, let headers, let body) where (200..<300).contains(status):
      let response =
        body.isEmpty ? save(sent, status: status, headers: headers) : respond(status, headers, body)
      return settle(response, for: request)
    case .respond(409, let headers, let body) where body.contains(WireBody.Code.cardAlreadySaved):
      // The card the user saved before: the one sent, as the backend already has it.
      var existing = sent
      existing.id = "1"
      let conflict = WireBody.AlreadySaved(code: WireBody.Code.cardAlreadySaved, card: existing)
      return settle(respond(409, headers, WireBody.text(conflict)), for: request)
    case .respond(let status, let headers, let body):
      let response = respond(status, headers, body)
      // A definite answer is settled; one that says "try again" (401, 408, 429, 5xx) is not.
      return [402, 409, 422].contains(status) ? settle(response, for: request) : response
    case .transport(let error):
      throw error
    case .fault:
      throw ScenarioFault(source: request.endpoint.rawValue)
    case .savedButAnswerLost:
      _ = settle(save(sent, status: 201, headers: [:]), for: request)
      throw TransportError.timedOut
    }
  }

  /// A `GET /cards` answer with the cards saved since added to its list.
  func withSavedCards(_ response: BackendResponse) -> BackendResponse {
    guard !savedCards.isEmpty, response.status == 200,
      var object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any],
      var cards = object["cards"] as? [Any],
      let saved = try? JSONSerialization.jsonObject(
        with: Data(WireBody.text(WireBody.Cards(cards: savedCards)).utf8)) as? [String: Any],
      let added = saved["cards"] as? [Any]
    else { return response }
    cards += added
    object["cards"] = cards
    guard let body = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    else { return response }
    return BackendResponse(status: 200, headers: response.headers, body: body)
  }

  private func save(_ card: WireBody.Cards.Card, status: Int, headers: [String: String])
    -> BackendResponse
  {
    savedCards.append(card)
    return respond(status, headers, WireBody.text(card))
  }

  private func settle(_ response: BackendResponse, for request: BackendRequest) -> BackendResponse {
    if let key = request.idempotencyKey { settledSubmissions[key] = response }
    return response
  }

  private func respond(_ status: Int, _ headers: [String: String], _ body: String)
    -> BackendResponse
  {
    BackendResponse(status: status, headers: headers, body: Data(body.utf8))
  }

  /// The card a request's body describes, as the backend stores it: brand and last four,
  /// never the whole number or the code.
  private static func card(from request: BackendRequest, id: String) -> WireBody.Cards.Card {
    let fields =
      request.body.flatMap {
        try? JSONSerialization.jsonObject(with: $0.bytes) as? [String: String]
      } ?? [:]
    let number = fields["number"] ?? ""
    return WireBody.Cards.Card(
      id: id, brand: CardValidation.brand(of: number)?.rawValue ?? "Card",
      last4: String(number.suffix(4)), expiry: fields["expiry"] ?? "", status: "active",
      rejection: nil)
  }
}
