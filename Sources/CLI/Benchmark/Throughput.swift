import Domain
import Presentation

/// Loads per second of the use case and of the view model, with sources that answer at
/// once, next to the floor: the same three answers gathered with three `async let`s.
enum Throughput {
  static let useCase = PaymentMethodsUseCase(
    walletRepository: BenchWallet(), cardsRepository: BenchCards(),
    applePayService: BenchApplePay(), logger: SilentLog())

  /// The floor and the use case are measured off the main actor, where an app's use case
  /// runs; the view model on it, where it lives.
  static func figures() async -> [Figure] {
    let floor = await Rounds.median { await Rounds.rate { await threeAsyncLets() } }
    let useCaseRate = await Rounds.median {
      await Rounds.rate { _ = try? await useCase.execute() }
    }
    let viewModelRate = await viewModelRate()
    return [
      Figure(
        section: "throughput", name: "use-case loads/s", value: useCaseRate, unit: "loads/s",
        floorName: "3 async lets/s", floor: floor, goal: .atLeast(0.15)),
      Figure(
        section: "throughput", name: "view-model loads/s", value: viewModelRate,
        unit: "loads/s", floorName: "use-case loads/s", floor: useCaseRate, goal: .atLeast(0.8)),
    ]
  }

  @MainActor
  private static func viewModelRate() async -> Double {
    let viewModel = PaymentMethodsViewModel(loadMethods: useCase.execute, logger: SilentLog())
    return await Rounds.median {
      await Rounds.rate {
        await viewModel.load().value
        // Read the state, as a view would: a load that published nothing would be cheaper.
        if case .loading = viewModel.state { return }
      }
    }
  }

  /// The structured-concurrency floor: three children that answer at once, awaited.
  private static func threeAsyncLets() async {
    async let wallet = BenchWallet().fetchWallet()
    async let cards = BenchCards().fetchCards()
    async let applePay = BenchApplePay().fetchApplePay()
    _ = try? await (wallet, cards, applePay)
  }
}
