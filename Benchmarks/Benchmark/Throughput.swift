import Domain
import Presentation

/// Loads per second of the use case and of the view model, with sources that answer at
/// once, next to the floor: the same three answers gathered with three `async let`s.
enum Throughput {
  static let useCase = PaymentMethodsUseCase(
    walletRepository: BenchWallet(), cardsRepository: BenchCards(),
    applePayService: BenchApplePay(), logger: SilentLog())

  /// The floor and the use case are measured off the main actor, where an app's use case
  /// runs; the view model on it, where it lives. Each round measures all three one after
  /// the other, so that a busy spell on the machine weighs on all of them alike.
  static func figures() async -> [Figure] {
    let viewModel = await PaymentMethodsViewModel(
      loadMethods: useCase.execute, logger: SilentLog())
    var floors: [Double] = []
    var useCases: [Double] = []
    var viewModels: [Double] = []
    var mainActorTasks: [Double] = []
    var groupsOnMain: [Double] = []
    var groupsOffMain: [Double] = []
    for _ in 0..<Rounds.count {
      floors.append(await Rounds.rate { await threeAsyncLets() })
      useCases.append(await Rounds.rate { _ = try? await useCase.execute() })
      viewModels.append(await rate(of: viewModel))
      mainActorTasks.append(await mainActorTaskRate())
      groupsOnMain.append(await emptyGroupRateOnMainActor())
      groupsOffMain.append(await Rounds.rate { await emptyTaskGroup() })
    }
    let floor = Rounds.median(of: floors)
    let useCaseRate = Rounds.median(of: useCases)
    let viewModelRate = Rounds.median(of: viewModels)
    let mainActorTaskRate = Rounds.median(of: mainActorTasks)
    return [
      Figure(
        section: "throughput", name: "use-case loads/s", value: useCaseRate, unit: "loads/s",
        floorName: "3 async lets/s", floor: floor, goal: .none),
      Figure(
        section: "throughput", name: "view-model loads/s", value: viewModelRate,
        unit: "loads/s", floorName: "use-case loads/s", floor: useCaseRate, goal: .none),
      // The ceiling of any main-actor caller, whatever the view model does.
      Figure(
        section: "throughput", name: "main-actor task awaiting the use case",
        value: mainActorTaskRate, unit: "loads/s", floorName: "use-case loads/s",
        floor: useCaseRate, goal: .none),
      Figure(
        section: "throughput", name: "view-model loads/s", value: viewModelRate,
        unit: "loads/s", floorName: "main-actor task awaiting the use case",
        floor: mainActorTaskRate, goal: .none),
      // Why: a task group costs a round trip through the main queue when it is awaited on
      // the main actor, even with no child; off it, it costs almost nothing.
      Figure(
        section: "throughput", name: "empty task group on the main actor",
        value: Rounds.median(of: groupsOnMain), unit: "groups/s",
        floorName: "the same off the main actor", floor: Rounds.median(of: groupsOffMain),
        goal: .none),
    ]
  }

  @MainActor
  private static func emptyGroupRateOnMainActor() async -> Double {
    await Rounds.rate { await emptyTaskGroup() }
  }

  /// A task group with no child, awaited on the caller's actor.
  private static func emptyTaskGroup(isolation: isolated (any Actor)? = #isolation) async {
    await withTaskGroup(of: Void.self) { _ in }
  }

  /// What any main-actor screen pays before it does anything: a task on the main actor
  /// that awaits the use case and comes back, with nothing published.
  @MainActor
  private static func mainActorTaskRate() async -> Double {
    await Rounds.rate { await Task { _ = try? await useCase.execute() }.value }
  }

  @MainActor
  private static func rate(of viewModel: PaymentMethodsViewModel) async -> Double {
    await Rounds.rate {
      await viewModel.load().value
      // Read the state, as a view would: a load that published nothing would be cheaper.
      if case .loading = viewModel.state { return }
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
