import Domain
import Presentation

/// Screen time on the real clock: how much the layers add to the slowest source, and how
/// close to the deadline a source that never answers is cut. Each floor is the same wait
/// alone (a bare `Task.sleep`), so the timer's own lateness is not charged to the layers.
@MainActor
enum Deadlines {
  static let rounds = 5

  static func figures() async -> [Figure] {
    let slowest = Duration.milliseconds(600)
    let slowestFloor = await Rounds.median(rounds) {
      await Rounds.milliseconds { try? await Task.sleep(for: slowest) }
    }
    let screen = await Rounds.median(rounds) {
      await screenTime(
        wallet: BenchWallet(delay: .milliseconds(600)),
        cards: BenchCards(delay: .milliseconds(400)),
        applePay: BenchApplePay(delay: .milliseconds(200)), deadline: .seconds(3))
    }

    let deadline = Duration.milliseconds(500)
    let deadlineFloor = await Rounds.median(rounds) {
      await Rounds.milliseconds { try? await Task.sleep(for: deadline) }
    }
    let cut = await Rounds.median(rounds) {
      await screenTime(
        wallet: BenchWallet(answers: false), cards: BenchCards(), applePay: BenchApplePay(),
        deadline: deadline)
    }
    return [
      Figure(
        section: "deadline", name: "screen time, sources 600/400/200 ms", value: screen,
        unit: "ms", floorName: "600 ms sleep", floor: slowestFloor, goal: .withinAbove(2)),
      Figure(
        section: "deadline", name: "screen time, a source that never answers", value: cut,
        unit: "ms", floorName: "500 ms deadline sleep", floor: deadlineFloor,
        goal: .withinAbove(2)),
    ]
  }

  /// From the load's start until the view model has published what the screen shows.
  private static func screenTime(
    wallet: BenchWallet, cards: BenchCards, applePay: BenchApplePay, deadline: Duration
  ) async -> Double {
    let useCase = PaymentMethodsUseCase(
      walletRepository: wallet, cardsRepository: cards, applePayService: applePay,
      deadline: deadline, logger: SilentLog())
    let viewModel = PaymentMethodsViewModel(loadMethods: useCase.execute, logger: SilentLog())
    return await Rounds.milliseconds { await viewModel.load().value }
  }
}
