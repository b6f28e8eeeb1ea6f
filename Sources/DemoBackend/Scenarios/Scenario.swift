import DataLayer
import Domain
import Foundation

/// A script for the stub backend and device: what each source answers, and after how long.
public struct Scenario: Sendable, Equatable {
  public var name: String
  /// What the scenario sets up and what the screens show, in a sentence or two.
  public var summary: String
  public var wallet: SourceScript
  public var cards: SourceScript
  public var applePay: Scripted<ApplePayOutcome>
  /// What the backend does each time it is asked to refresh the session, in order, the
  /// last repeating.
  public var refresh: [RefreshOutcome]
  /// What `GET /me/status` answers each time, in order, the last repeating: how "check my
  /// status again" finds its way out.
  public var userStatus: [UserStatus]
  /// What signing in yields.
  public var signIn: SignInOutcome
  /// What `POST /cards` answers, one answer per submission attempt the backend has not
  /// settled yet (an answer it settled is replayed for the same idempotency key). A 2xx
  /// without a body saves the card sent. Unless a scenario says otherwise, it meets what
  /// `GET /cards` meets (`SourceScript(addCardMeeting:)`): adding a card while offline fails
  /// offline.
  public var addCard: SourceScript
  /// What `DELETE /cards/{id}`, `PUT /me/default-payment-method` and `PATCH /cards/{id}`
  /// answer, each as `addCard` does: unless a scenario says otherwise, they meet what
  /// `GET /cards` meets, and where the cards would be listed, the write is done.
  public var removeCard: SourceScript
  public var setDefault: SourceScript
  public var updateCard: SourceScript
  /// What `GET /cards/setups/{id}` answers while a card waits for its bank's approval: each
  /// setup plays these from the first, one per poll, the last repeating, until one ends it
  /// (approved, failed, canceled), which every later poll gets again.
  public var cardSetup: SourceScript
  /// What `POST /cards/setups/{id}/cancel` answers: by default, the setup is cancelled.
  public var cancelCardSetup: SourceScript
  /// Where the user's recoveries lead: after the user's first recovery (`r`, a journey's
  /// button, saving a card again) the backend answers as `wayOut[0]` scripts it, after the
  /// second as `wayOut[1]`, the last staying. Until then every screen meets this scenario's
  /// own answers, however many requests it sends, so switching screens or a load nobody
  /// asked for never uses a way out up. Empty: the user's actions change nothing. (The
  /// Apple Pay device is not the backend: it stays as scripted here.)
  public var wayOut: [Scenario]
  /// The local copy on the device when the app starts, as an earlier run left it; nil for
  /// none. The device's, like Apple Pay: the backend never plays it.
  public var saved: LocalCopySeed?

  public init(
    name: String,
    summary: String,
    wallet: SourceScript = Scenario.plainWallet,
    cards: SourceScript = Scenario.plainCards,
    applePay: Scripted<ApplePayOutcome> = .init(.available, latency: Scenario.applePayLatency),
    refresh: [RefreshOutcome] = Scenario.plainRefresh,
    userStatus: [UserStatus] = Scenario.plainUserStatus,
    signIn: SignInOutcome = Scenario.plainSignIn,
    addCard: SourceScript? = nil,
    removeCard: SourceScript? = nil,
    setDefault: SourceScript? = nil,
    updateCard: SourceScript? = nil,
    cardSetup: SourceScript = Scenario.plainCardSetup,
    cancelCardSetup: SourceScript = SourceScript(
      [.respond(status: 200, body: "")], latency: .milliseconds(100)),
    wayOut: [Scenario] = [],
    saved: LocalCopySeed? = nil
  ) {
    self.name = name
    self.summary = summary
    self.wallet = wallet
    self.cards = cards
    self.applePay = applePay
    self.refresh = refresh.isEmpty ? Scenario.plainRefresh : refresh
    self.userStatus = userStatus.isEmpty ? Scenario.plainUserStatus : userStatus
    self.signIn = signIn
    self.addCard = addCard ?? SourceScript(addCardMeeting: cards)
    self.removeCard = removeCard ?? SourceScript(writeMeeting: cards, status: 204)
    self.setDefault = setDefault ?? SourceScript(writeMeeting: cards, status: 200)
    self.updateCard = updateCard ?? SourceScript(writeMeeting: cards, status: 200)
    self.cardSetup = cardSetup
    self.cancelCardSetup = cancelCardSetup
    self.wayOut = wayOut
    self.saved = saved
  }
}

/// What a scenario that scripts nothing answers. The scripts are made once, when first
/// needed: each encodes its answer's body, which a scenario that scripts its own never uses.
extension Scenario {
  /// How long each answers where a scenario scripts no latency of its own.
  public static let walletLatency = Duration.milliseconds(80)
  public static let cardsLatency = Duration.milliseconds(140)
  public static let applePayLatency = Duration.milliseconds(30)
  /// Adding a card and the writes, where they meet what the cards meet.
  public static let writeLatency = Duration.milliseconds(150)

  public static let plainWallet = SourceScript(wallet: .defaultWallet, latency: walletLatency)
  public static let plainCards = SourceScript(cards: .defaultCards, latency: cardsLatency)
  public static let plainRefresh: [RefreshOutcome] = [.succeeds]
  public static let plainUserStatus: [UserStatus] = [.verified]
  public static let plainSignIn = SignInOutcome.succeeds
  public static let plainCardSetup = SourceScript(
    [BankAnswerScript.approved.answer], latency: .milliseconds(120))
}
