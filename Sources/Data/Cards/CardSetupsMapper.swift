import Domain
import Foundation

/// The answers about a card waiting for its bank's approval (3-D Secure), read: the 202 that
/// starts the wait, the setup's polls, its cancel. Pure functions of the answer, tested on
/// bytes without a client.
enum CardSetupsMapper {
  /// The longest setup id the app sends back in a path: far above a real one (Stripe's are
  /// about 30 characters).
  static let setupIDLimit = 200

  /// A 202 to `POST /cards`: the setup the form waits on while the user approves. Its setup id
  /// goes back to the server in a path, so it must look like one: a few letters, digits,
  /// `-`, `_` or `.`; anything else is a malformed answer, never a request to a path the
  /// server did not mean.
  static func setup(from answer: BackendClient.ResponseInContext, idempotencyKey: String)
    throws(RequestFailure) -> CardSetup
  {
    let started = try answer.decode(CardSetupStartedPayload.self)
    let id = started.setupId
    let idLooksRight =
      (1...setupIDLimit).contains(id.utf8.count)
      && id.unicodeScalars.allSatisfy {
        $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0))
      }
    guard started.status == "requires_action", started.nextAction.type == "authenticate",
      idLooksRight
    else {
      var context = answer.context
      context.serverMessage =
        "a 202 that is not a setup waiting for the user to authenticate with a readable id"
      throw RequestFailure(.malformedResponse, context: context)
    }
    return CardSetup(
      setupID: id, bankMessage: started.nextAction.message, idempotencyKey: idempotencyKey)
  }

  /// `GET /cards/setups/{id}`: 200 with the setup's status. `requires_action` and
  /// `processing` mean the bank has not answered yet.
  static func setupStatus(from answer: BackendClient.ResponseInContext) throws(RequestFailure)
    -> CardSetupStatus
  {
    try answer.requireSuccess()
    let setup = try answer.decode(CardSetupPayload.self)
    switch (setup.status, setup.card) {
    case ("requires_action", _), ("processing", _): return .waiting
    case ("succeeded", let card?): return .succeeded(try CardsMapper.card(card, answer.context))
    case ("failed", _): return .declined(reason: setup.reason)
    case ("canceled", _): return .canceled
    default:
      var context = answer.context
      context.serverMessage = "a card's setup has an unknown status, or succeeded without a card"
      throw RequestFailure(.malformedResponse, context: context)
    }
  }

  /// `POST /cards/setups/{id}/cancel`: any 2xx is the setup cancelled, whatever its body.
  static func cancellation(from answer: BackendClient.ResponseInContext) throws(RequestFailure) {
    try answer.requireSuccess()
  }
}
