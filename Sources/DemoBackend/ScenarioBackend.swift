import DataLayer
import Domain
import Foundation

/// The stub backend: plays one `ScenarioScript`, answering each request the way a real
/// backend would (a status with headers and a JSON body, or a failed transport) after the
/// scripted latency, measured on an injected clock. It follows the same rules as
/// `scripts/scenario-server`, which plays the same script over HTTP (docs/HTTP.md).
public actor ScenarioBackend: PaymentsBackend {
  /// The tokens of a new session. They are fake, but treated as real: no output may ever
  /// show them, and the tests search every output for them.
  public static let initialAccessToken = Secret("sk_test_access_9f4c1e2b")
  public static let refreshToken = Secret("sk_test_refresh_6d0a7b3c")

  /// The demo user, whose credentials signing in sends.
  public static let demoUsername = "demo"
  public static let demoPassword = Secret("demo")

  let script: ScenarioScript
  private let clock: any Clock<Duration>
  /// Requests received, by endpoint, replays of a settled idempotency key included.
  private var received: [BackendEndpoint: Int] = [:]
  /// Steps played, by endpoint, in this stage: the next request gets the step after them.
  private var played: [BackendEndpoint: Int] = [:]
  /// How many of the script's ways out the user's recoveries have reached.
  private var stage = 0
  /// The answers settled by idempotency key: the same key gets the same answer, and a
  /// card is never saved twice.
  private var settled: [String: BackendResponse] = [:]
  /// Cards saved by `POST /cards`, listed by every later `GET /cards` 200.
  private(set) var savedCards: [WireBody.Cards.Card] = []
  /// Cards removed by `DELETE /cards/{id}`, listed no more.
  private var removedIDs: Set<String> = []
  /// Cards given a new expiry by `PATCH /cards/{id}`, listed so from now on.
  private var updatedCards: [String: WireBody.Cards.Card] = [:]
  /// The default way to pay set by `PUT /me/default-payment-method`: from then on, the one
  /// `GET /cards` and `GET /wallet` mark `isDefault`, in place of what the script says.
  private var defaultMethod: WireBody.DefaultMethod.Method?
  /// The cards waiting for their bank's approval, by setup id.
  private var setups: [String: CardSetup] = [:]

  /// A card waiting for its bank: the card sent, how many polls it has had, and the answer
  /// that ended it, which every later poll gets again.
  private struct CardSetup {
    var card: WireBody.Cards.Card
    var polls = 0
    var ended: BackendResponse?
  }

  public init(scenario: Scenario, clock: any Clock<Duration> = ContinuousClock()) {
    self.init(script: ScenarioScript(scenario), clock: clock)
  }

  public init(script: ScenarioScript, clock: any Clock<Duration> = ContinuousClock()) {
    self.script = script
    self.clock = clock
  }

  public func send(_ request: BackendRequest) async throws -> BackendResponse {
    received[request.endpoint, default: 0] += 1
    let endpoints = stage == 0 ? script.endpoints : script.wayOut[stage - 1]
    let steps = endpoints[request.endpoint] ?? []
    guard !steps.isEmpty else { throw ScenarioFault(source: request.endpoint.rawValue) }
    // A setup's polls play its steps from the first; every other endpoint plays on.
    let setupID = request.endpoint == .cardSetup ? request.resourceID : nil
    let played = setupID.map { setups[$0]?.polls ?? 0 } ?? played[request.endpoint, default: 0]
    let index = min(played, steps.count - 1)
    let step = steps[index]
    if let key = request.idempotencyKey, let answer = settled[key] {
      try await wait(step.latency)
      return answer
    }
    if let setupID, let ended = setups[setupID]?.ended {
      try await wait(step.latency)
      return ended
    }
    // A step is played when its request arrives, whether or not the client stays for the
    // answer, as on a real server.
    if let setupID {
      setups[setupID]?.polls = index + 1
    } else {
      self.played[request.endpoint] = index + 1
    }
    try await wait(step.latency)

    if let required = step.requiresBody, let refusal = step.otherwise,
      !Self.body(of: request, holds: required)
    {
      return BackendResponse(status: refusal.status, body: Data(refusal.body.utf8))
    }
    var response = BackendResponse(
      status: step.status, headers: step.headers, body: Data(step.body.utf8))
    switch step.card {
    case .saved?:
      let card = Self.card(from: request, id: "\(savedCards.count + 100)")
      savedCards.append(card)
      response.body = Data(WireBody.text(card).utf8)
    case .existing?:
      let conflict = WireBody.AlreadySaved(
        code: WireBody.Code.cardAlreadySaved, card: existingCard(like: request))
      response.body = Data(WireBody.text(conflict).utf8)
    case .removed?:
      let id = request.resourceID ?? ""
      if listedCards().contains(where: { $0.id == id }) {
        removedIDs.insert(id)
      } else {
        response = Self.notFound(WireBody.Code.cardNotFound)
      }
    case .madeDefault?:
      let sent = request.body.flatMap {
        try? JSONDecoder().decode(WireBody.DefaultMethod.self, from: $0.bytes)
      }
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
    case .updated?:
      let id = request.resourceID ?? ""
      if var card = listedCards().first(where: { $0.id == id }) {
        card.expiry = Self.fields(of: request)["expiry"] ?? card.expiry
        card.status = "active"
        card.rejection = nil
        updatedCards[id] = card
        response.body = Data(WireBody.text(card).utf8)
      } else {
        response = Self.notFound(WireBody.Code.cardNotFound)
      }
    case .setUp?:
      let id = "setup-\(setups.count + 1)"
      setups[id] = CardSetup(card: Self.card(from: request, id: ""))
      var started =
        (try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]) ?? [:]
      started["setupId"] = id
      response.body =
        (try? JSONSerialization.data(withJSONObject: started, options: [.sortedKeys])) ?? Data()
    case .approved?:
      if let id = setupID, var setup = setups[id] {
        setup.card.id = "\(savedCards.count + 100)"
        savedCards.append(setup.card)
        response.body = Data(
          WireBody.text(WireBody.Setup(status: "succeeded", card: setup.card)).utf8)
      }
    case .canceledSetup?:
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
    case nil:
      break
    }
    if request.endpoint == .cardSetup { response = settle(response, ofSetup: setupID) }
    if request.endpoint == .cards { response = withWrites(response) }
    if request.endpoint == .wallet { response = withDefault(response) }
    if step.settles, let key = request.idempotencyKey { settled[key] = response }

    switch step.fault {
    case nil:
      return response
    case .slowBody(let duration)?:
      try await wait(duration)
      return response
    case .transport(let error)?:
      throw error
    case .unexpected?:
      throw ScenarioFault(source: request.endpoint.rawValue)
    case .closeConnection?, .resetMidBody?:
      throw TransportError.connectionLost
    case .stall?:
      throw TransportError.timedOut
    }
  }

  /// A poll's answer for its setup: a 404 for a setup nobody started; an answer that ends
  /// the setup (succeeded, failed, canceled) is kept for every later poll.
  private func settle(_ response: BackendResponse, ofSetup id: String?) -> BackendResponse {
    guard let id, setups[id] != nil else { return Self.notFound(WireBody.Code.setupNotFound) }
    let answer = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]
    if response.status == 200, let status = answer?["status"] as? String,
      ["succeeded", "failed", "canceled"].contains(status)
    {
      setups[id]?.ended = response
    }
    return response
  }

  /// The user performed a recovery (`r`, a journey's button, saving a card again): the
  /// backend moves to the script's next way out, if it has one, and plays it from its
  /// first answers. Only the composition root calls this; the app's layers never know.
  public func userActed() {
    guard stage < script.wayOut.count else { return }
    stage += 1
    played = [:]
  }

  /// The number of requests received so far by an endpoint.
  public func requestCount(_ endpoint: BackendEndpoint) -> Int {
    received[endpoint, default: 0]
  }

  private func wait(_ latency: Duration) async throws {
    guard latency > .zero else { return }
    try await clock.sleep(for: latency)
  }

  /// Whether the request's JSON body holds each of these strings.
  private static func body(of request: BackendRequest, holds required: [String: String]) -> Bool {
    let fields = Self.fields(of: request)
    return required.allSatisfy { fields[$0.key] == $0.value }
  }

  /// The string fields of a request's JSON body, credentials included: what a server reads.
  private static func fields(of request: BackendRequest) -> [String: String] {
    switch request.credential {
    case .password(let username, let password):
      return ["username": username, "password": password.value]
    case .refreshToken(let token):
      return ["refreshToken": token.value]
    case .accessToken:
      return request.body.flatMap {
        try? JSONSerialization.jsonObject(with: $0.bytes) as? [String: String]
      } ?? [:]
    }
  }

  /// The card a request's body describes, as the backend stores it: brand and last four,
  /// never the whole number or the code.
  private static func card(from request: BackendRequest, id: String) -> WireBody.Cards.Card {
    let fields = fields(of: request)
    let number = fields["number"] ?? ""
    return WireBody.Cards.Card(
      id: id, brand: CardValidation.brand(of: number)?.rawValue ?? "Card",
      last4: String(number.suffix(4)), expiry: fields["expiry"] ?? "", status: "active",
      rejection: nil)
  }

  /// The saved card a 409 names: the listed card with the brand and last four sent, or,
  /// when none is listed (it was saved on another device), that card, saved now so that
  /// the list shows it from here on. Either way it has an id of its own.
  private func existingCard(like request: BackendRequest) -> WireBody.Cards.Card {
    let sent = Self.card(from: request, id: "")
    let listed = (script.endpoints[.cards] ?? []).filter { $0.status == 200 }.flatMap {
      (try? JSONDecoder().decode(WireBody.Cards.self, from: Data($0.body.utf8)))?.cards ?? []
    }
    if let card = (listed + savedCards).first(where: {
      $0.brand == sent.brand && $0.last4 == sent.last4
    }) {
      return card
    }
    var card = sent
    card.id = "\(savedCards.count + 100)"
    savedCards.append(card)
    return card
  }

  /// The cards the user has now, as the next `GET /cards` 200 would list them: the
  /// script's (of this stage), then the saved ones, with the writes since applied.
  private func listedCards() -> [WireBody.Cards.Card] {
    let endpoints = stage == 0 ? script.endpoints : script.wayOut[stage - 1]
    let listed = (endpoints[.cards] ?? []).filter { $0.status == 200 }.flatMap {
      (try? JSONDecoder().decode(WireBody.Cards.self, from: Data($0.body.utf8)))?.cards ?? []
    }
    var seen: Set<String> = []
    return (listed + savedCards).filter {
      seen.insert($0.id).inserted && !removedIDs.contains($0.id)
    }
    .map { updatedCards[$0.id] ?? $0 }
  }

  /// A `GET /cards` answer with the writes since applied: the cards saved added to its
  /// list, the ones removed left out, the ones updated as they are now.
  private func withWrites(_ response: BackendResponse) -> BackendResponse {
    guard
      !savedCards.isEmpty || !removedIDs.isEmpty || !updatedCards.isEmpty || defaultMethod != nil,
      response.status == 200,
      var object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any],
      let cards = object["cards"] as? [[String: Any]],
      let saved = try? JSONSerialization.jsonObject(
        with: Data(WireBody.text(WireBody.Cards(cards: savedCards)).utf8)) as? [String: Any],
      let added = saved["cards"] as? [[String: Any]]
    else { return response }
    object["cards"] = (cards + added).compactMap { listed -> [String: Any]? in
      guard let id = listed["id"] as? String else { return listed }
      if removedIDs.contains(id) { return nil }
      var card = listed
      if let updated = updatedCards[id],
        let replaced = try? JSONSerialization.jsonObject(with: Data(WireBody.text(updated).utf8))
          as? [String: Any]
      {
        card = replaced
      }
      if let defaultMethod {
        card["isDefault"] = defaultMethod.kind == "card" && defaultMethod.id == id ? true : nil
      }
      return card
    }
    guard let body = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    else { return response }
    return BackendResponse(status: 200, headers: response.headers, body: body)
  }

  /// A `GET /wallet` answer marked as the default, or not, once a default has been set.
  private func withDefault(_ response: BackendResponse) -> BackendResponse {
    guard let defaultMethod, response.status == 200,
      var object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]
    else { return response }
    object["isDefault"] = defaultMethod.kind == "wallet" ? true : nil
    guard let body = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    else { return response }
    return BackendResponse(status: 200, headers: response.headers, body: body)
  }

  private static func notFound(_ code: String) -> BackendResponse {
    BackendResponse(status: 404, body: Data(WireBody.text(WireBody.Problem(code: code)).utf8))
  }
}

/// The stub device: answers the Apple Pay checks the way the scenario says.
public struct ScenarioApplePayDevice: ApplePayDevice {
  private let outcome: Scripted<ApplePayOutcome>
  private let clock: any Clock<Duration>

  public init(scenario: Scenario, clock: any Clock<Duration> = ContinuousClock()) {
    self.init(outcome: scenario.applePay, clock: clock)
  }

  public init(outcome: Scripted<ApplePayOutcome>, clock: any Clock<Duration> = ContinuousClock()) {
    self.outcome = outcome
    self.clock = clock
  }

  public func paymentSupport(forNetworks networks: [String]) async throws -> ApplePayDeviceSupport {
    if outcome.latency > .zero { try await clock.sleep(for: outcome.latency) }
    switch outcome.outcome {
    case .available: return ApplePayDeviceSupport(canMakePayments: true, hasCardForNetworks: true)
    case .needsSetup: return ApplePayDeviceSupport(canMakePayments: true, hasCardForNetworks: false)
    case .notAvailable:
      return ApplePayDeviceSupport(canMakePayments: false, hasCardForNetworks: false)
    case .unexpected: throw ScenarioFault(source: "Apple Pay device check")
    case .interrupted: throw CancellationError()
    }
  }
}

/// The failure a scenario's `unexpected` outcome produces: an error type that no layer
/// maps, standing in for the surprises of real systems.
public struct ScenarioFault: Error, Equatable, Sendable, CustomStringConvertible {
  public let source: String

  public var description: String { "ScenarioFault(\(source) failed in a way nobody planned for)" }
}
