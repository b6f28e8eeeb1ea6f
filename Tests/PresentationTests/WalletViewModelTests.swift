import Domain
import Foundation
import Presentation
import TestSupport
import Testing

@MainActor
private func makeViewModel(
  logger: LogSpy = LogSpy(), locale: String = "en_US",
  _ load: @escaping @Sendable () async throws -> WalletStatus
) -> WalletViewModel {
  WalletViewModel(loadStatus: load, logger: logger, locale: Locale(identifier: locale))
}

@MainActor
@Suite("Wallet view model: each wallet status has its own state", .timeLimit(.minutes(1)))
struct WalletViewModelTests {
  @Test("an active wallet shows its balance")
  func active() async {
    let viewModel = makeViewModel { .active(Wallet(balance: 1234.5, currency: "USD")) }

    await viewModel.load().value

    #expect(viewModel.state.summary?.row.subtitle == "Balance $1,234.50")
    #expect(viewModel.state.summary?.note == nil)
  }

  @Test("a wallet with no funds shows the zero balance and how to fix it")
  func empty() async {
    let viewModel = makeViewModel { .active(Wallet(balance: 0, currency: "EUR")) }

    await viewModel.load().value

    #expect(viewModel.state.summary?.row.subtitle == "Balance €0.00")
    #expect(viewModel.state.summary?.note == "Top up your wallet to pay with it.")
  }

  @Test("a wallet holding a fraction of a cent shows €0.00 and how to fix it, never as payable")
  func dust() async throws {
    let balance = try #require(Decimal(string: "0.001"))
    let viewModel = makeViewModel { .active(Wallet(balance: balance, currency: "EUR")) }

    await viewModel.load().value

    #expect(viewModel.state.summary?.row.subtitle == "Balance €0.00")
    #expect(viewModel.state.summary?.note == "Top up your wallet to pay with it.")
  }

  @Test("no wallet invites the user to create one")
  func missing() async {
    let viewModel = makeViewModel { .missing }

    await viewModel.load().value

    guard case .noWallet(let notice) = viewModel.state else {
      Issue.record("expected noWallet, got \(viewModel.state)")
      return
    }
    #expect(notice.title == "Create your wallet")
  }

  @Test("a banned wallet says it is suspended and points to support")
  func banned() async {
    let viewModel = makeViewModel { .banned }

    await viewModel.load().value

    guard case .banned(let notice) = viewModel.state else {
      Issue.record("expected banned, got \(viewModel.state)")
      return
    }
    #expect(notice.title == "Your wallet is suspended")
    #expect(notice.hint.contains("Contact support"))
  }

  @Test("a wallet in review says where the review stands", arguments: WalletReviewState.allCases)
  func inReview(review: WalletReviewState) async {
    let viewModel = makeViewModel { .inReview(review) }

    await viewModel.load().value

    guard case .inReview(let notice) = viewModel.state else {
      Issue.record("expected inReview, got \(viewModel.state)")
      return
    }
    #expect(notice.message.contains(review == .pending ? "will start" : "right now"))
  }

  @Test("a wallet that could not be loaded is an error with a retry hint, logged once")
  func couldNotLoad() async {
    let logger = LogSpy()
    let viewModel = makeViewModel(logger: logger) {
      throw WalletError.couldNotLoad(
        SourceFailure(source: .wallet, reason: .deadlineExceeded(.seconds(3))))
    }

    await viewModel.load().value

    guard case .failed(let error) = viewModel.state else {
      Issue.record("expected failed, got \(viewModel.state)")
      return
    }
    #expect(error.title == "Couldn't load your wallet")
    #expect(error.message == "It took too long to load your wallet.")
    #expect(error.hint == "Try again in a moment.")
    #expect(logger.entries.map(\.level) == [.warning])
  }

  @Test("a wallet past its deadline says, in German too, that it took too long")
  func tookTooLongInGerman() async {
    let viewModel = makeViewModel(locale: "de_DE") {
      throw WalletError.couldNotLoad(
        SourceFailure(source: .wallet, reason: .deadlineExceeded(.seconds(3))))
    }

    await viewModel.load().value

    guard case .failed(let error) = viewModel.state else {
      Issue.record("expected failed, got \(viewModel.state)")
      return
    }
    #expect(error.message == "Es hat zu lange gedauert, dein Wallet zu laden.")
    #expect(error.hint == "Versuche es gleich noch einmal.")
  }

  @Test("an error nobody expected becomes the default error")
  func defaultError() async {
    let logger = LogSpy()
    let viewModel = makeViewModel(logger: logger) { throw URLError(.unknown) }

    await viewModel.load().value

    guard case .failed(let error) = viewModel.state else {
      Issue.record("expected failed, got \(viewModel.state)")
      return
    }
    #expect(error.title == "Something went wrong")
    #expect(logger.entries.map(\.level) == [.error])
  }

  @Test("a new load cancels the one still running, which leaves no error behind")
  func supersededLoadIsCancelled() async {
    let calls = CallCounter()
    let firstCancelled = CallCounter()
    let release = Gate()
    let viewModel = makeViewModel {
      calls.increment()
      if calls.count == 1 {
        if await suspendUntilCancelled(orOpened: release) { firstCancelled.increment() }
        throw CancellationError()
      }
      return .banned
    }

    let first = viewModel.load()
    await release.waitForArrivals(1)
    await viewModel.load().value
    // Releases the first load if nothing cancelled it: then this test fails, never hangs.
    await release.open()
    await first.value

    #expect(firstCancelled.count == 1)
    guard case .banned = viewModel.state else {
      Issue.record("expected the second load's state, got \(viewModel.state)")
      return
    }
  }

  @Test("a superseded load that fails late is neither shown nor logged")
  func lateFailureIsDropped() async {
    let logger = LogSpy()
    let calls = CallCounter()
    let release = Gate()
    let viewModel = makeViewModel(logger: logger) {
      calls.increment()
      if calls.count == 1 {
        // Ignores cancellation, as a source whose answer was already on its way.
        await release.pass()
        throw WalletError.couldNotLoad(SourceFailure(source: .wallet, reason: .cancelledBelow))
      }
      return .banned
    }

    let first = viewModel.load()
    await release.waitForArrivals(1)
    await viewModel.load().value
    await release.open()
    await first.value

    #expect(logger.entries.isEmpty)
    guard case .banned = viewModel.state else {
      Issue.record("a late failure replaced the state: \(viewModel.state)")
      return
    }
  }
}

extension WalletViewModel.State {
  /// The active wallet's summary; nil in every other state.
  fileprivate var summary: WalletViewModel.WalletSummary? {
    if case .active(let summary) = self { return summary }
    return nil
  }
}
