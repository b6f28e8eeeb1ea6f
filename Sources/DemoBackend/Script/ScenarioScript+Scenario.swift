import DataLayer
import Domain
import Foundation

/// A scenario made a script: each source's answers as the steps a player plays.
extension ScenarioScript {
  /// How long the stub backend takes to answer the requests a scenario has no latency for.
  static let userStatusLatency = Duration.milliseconds(40)
  static let refreshLatency = Duration.milliseconds(60)
  static let signInLatency = Duration.milliseconds(90)
  /// How long a slow body takes to arrive, from its first byte to its last: longer than any
  /// deadline a built-in scenario has.
  static let slowBodyDuration = Duration.seconds(6)

  public init(_ scenario: Scenario) {
    self.scenario = scenario
  }

  /// One endpoint's answers, in order, the last repeating.
  public func steps(_ endpoint: BackendEndpoint) -> [Step] {
    switch endpoint {
    case .wallet: Self.steps(scenario.wallet)
    case .cards: Self.steps(scenario.cards)
    case .addCard: Self.steps(scenario.addCard).map(Self.cardStep)
    case .removeCard: Self.steps(scenario.removeCard).map { Self.writeStep($0, .removed) }
    case .setDefault: Self.steps(scenario.setDefault).map { Self.writeStep($0, .madeDefault) }
    case .updateCard: Self.steps(scenario.updateCard).map { Self.writeStep($0, .updated) }
    case .cardSetup: Self.steps(scenario.cardSetup).map(Self.setupStep)
    case .cancelCardSetup:
      Self.steps(scenario.cancelCardSetup).map { step in
        var step = step
        if (200..<300).contains(step.status) { step.card = .canceledSetup }
        return step
      }
    case .userStatus:
      scenario.userStatus.map { status in
        Step(
          latency: Self.userStatusLatency, status: 200,
          body: WireBody.text(WireBody.UserStatus(status: status.rawValue)))
      }
    case .refreshSession: Self.refreshSteps(scenario.refresh)
    case .signIn: [Self.signIn(scenario.signIn)]
    }
  }

  private static func refreshSteps(_ outcomes: [RefreshOutcome]) -> [Step] {
    outcomes.enumerated().map { index, outcome in
      let refused = WireBody.text(WireBody.Problem(code: WireBody.Code.invalidGrant))
      let refreshed = WireBody.text(
        WireBody.Tokens(accessToken: "sk_test_access_refreshed_\(index + 1)"))
      return switch outcome {
      case .succeeds:
        Step(latency: Self.refreshLatency, status: 200, body: refreshed)
      case .rotates:
        // The player adds the new refresh token, and refuses one it has replaced.
        Step(
          latency: Self.refreshLatency, status: 200, body: refreshed,
          otherwise: Refusal(status: 400, body: refused), rotatesRefreshToken: true)
      case .fails:
        Step(latency: Self.refreshLatency, status: 400, body: refused)
      case .offline:
        Step(latency: Self.refreshLatency, fault: .transport(.offline))
      }
    }
  }

  private static func steps(_ script: SourceScript) -> [Step] {
    script.answers.map { answer in
      let latency = script.latency
      switch answer {
      case .respond(let status, let headers, let body):
        return Step(latency: latency, status: status, headers: headers, body: body)
      case .respondSlowly(let status, let body):
        return Step(
          latency: latency, status: status, body: body, fault: .slowBody(slowBodyDuration))
      case .transport(let error):
        return Step(latency: latency, fault: .transport(error))
      case .socket(.closeConnection):
        return Step(latency: latency, fault: .closeConnection)
      case .socket(.resetMidBody):
        // A body to cut: the server sends its first half, then resets the connection.
        return Step(
          latency: latency, status: 200, body: #"{"cut": "this body never arrives whole"}"#,
          fault: .resetMidBody)
      case .socket(.stall):
        return Step(latency: latency, fault: .stall)
      case .fault:
        return Step(latency: latency, fault: .unexpected)
      case .savedButAnswerLost:
        return Step(latency: latency, status: 201, fault: .transport(.timedOut), card: .saved)
      }
    }
  }

  /// A `POST /cards` answer as a careful backend gives it: a 2xx without a body saves the
  /// card sent; a 409 `card_already_saved` names the card sent; and every definite answer
  /// (2xx, 402, 409, 422) is settled for its idempotency key, while one that says "try
  /// again" (401, 408, 429, 5xx, a failed exchange) is not.
  private static func cardStep(_ step: Step) -> Step {
    var step = step
    if step.status == 202, step.body.contains("requires_action") {
      step.card = .setUp
    } else if (200..<300).contains(step.status), step.body.isEmpty {
      step.card = .saved
    } else if step.status == 409, step.body.contains(WireBody.Code.cardAlreadySaved) {
      step.card = .existing
    }
    let definite = (200..<300).contains(step.status) || [402, 409, 422].contains(step.status)
    // A write that happened before its answer was lost is settled too: the retry must
    // find it, not save the card again.
    step.settles = definite && (step.fault == nil || step.card == .saved)
    return step
  }

  /// A poll of a card's setup: a `succeeded` answer saves the setup's card.
  private static func setupStep(_ step: Step) -> Step {
    var step = step
    if (200..<300).contains(step.status),
      JSONValue.read(step.body.utf8)?["status"]?.string == "succeeded"
    {
      step.card = .approved
    }
    return step
  }

  /// A write to a saved card as a careful backend answers it: a 2xx without a body is the
  /// write done (`effect`); a 404 `card_not_found` or `method_not_found` says the method
  /// named is gone; its definite answers (2xx, 402, 404, 409, 422) are settled for its
  /// idempotency key, as `POST /cards`'s are: a retry whose first answer was lost gets that
  /// answer, however slow the machine, and the write is done once.
  private static func writeStep(_ step: Step, _ effect: CardEffect) -> Step {
    var step = step
    // A write done before its answer was lost (`savedButAnswerLost`) is this write.
    let doneButLost = step.card == .saved
    // …answered, had the answer arrived, as this endpoint answers: 204 or 200.
    if doneButLost { step.status = effect == .removed ? 204 : 200 }
    if (200..<300).contains(step.status), step.body.isEmpty || doneButLost { step.card = effect }
    let goneCode =
      effect == .madeDefault ? WireBody.Code.methodNotFound : WireBody.Code.cardNotFound
    if step.status == 404, step.body.contains(goneCode) { step.card = .gone }
    let definite = (200..<300).contains(step.status) || [402, 404, 409, 422].contains(step.status)
    // As for adding a card: the retry must find the write done, not do it again.
    step.settles = definite && (step.fault == nil || doneButLost)
    return step
  }

  private static func signIn(_ outcome: SignInOutcome) -> Step {
    let refused = WireBody.text(WireBody.Problem(code: WireBody.Code.invalidCredentials))
    switch outcome {
    case .fails:
      return Step(latency: signInLatency, status: 401, body: refused)
    case .succeeds:
      return Step(
        latency: signInLatency, status: 200,
        body: WireBody.text(
          WireBody.NewSession(
            accessToken: "sk_test_access_signed_in_1",
            refreshToken: "sk_test_refresh_signed_in_1")),
        requiresBody: [
          "username": ScenarioBackend.demoUsername, "password": ScenarioBackend.demoPassword.value,
        ],
        otherwise: Refusal(status: 401, body: refused))
    }
  }
}
