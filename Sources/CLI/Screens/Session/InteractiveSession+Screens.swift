import Domain
import Presentation

extension InteractiveSession {
  /// The two screens' view models, kept for the whole session: switching screens keeps each
  /// one's state.
  @MainActor
  struct Screens {
    let paymentMethods: PaymentMethodsViewModel
    let wallet: WalletViewModel
    let makeCardForm: () -> AddCardViewModel
    let makeExpiryForm: ((PaymentCard) -> UpdateCardViewModel)?
    private let running = RunningTasks()

    init(
      paymentMethods: PaymentMethodsViewModel, wallet: WalletViewModel,
      makeCardForm: @escaping () -> AddCardViewModel,
      makeExpiryForm: ((PaymentCard) -> UpdateCardViewModel)?
    ) {
      self.paymentMethods = paymentMethods
      self.wallet = wallet
      self.makeCardForm = makeCardForm
      self.makeExpiryForm = makeExpiryForm
    }

    func snapshot(of screen: CommandLineOptions.Screen) -> ScreenSnapshot {
      switch screen {
      case .paymentMethods: ScreenSnapshot(paymentMethods.state)
      case .wallet: ScreenSnapshot(wallet.state)
      }
    }

    func load(_ screen: CommandLineOptions.Screen) -> Task<Void, Never> {
      running.keep(screen == .paymentMethods ? paymentMethods.load() : wallet.load(), for: screen)
    }

    /// `r`: the payment-methods screen keeps its list while it tries again.
    func retry(_ screen: CommandLineOptions.Screen) -> Task<Void, Never> {
      running.keep(
        screen == .paymentMethods ? paymentMethods.refresh() : wallet.load(), for: screen)
    }

    func signIn(_ screen: CommandLineOptions.Screen) -> Task<Void, Never> {
      running.keep(
        screen == .paymentMethods ? paymentMethods.signIn() : wallet.signIn(), for: screen)
    }

    func checkStatus(_ screen: CommandLineOptions.Screen) -> Task<Void, Never> {
      running.keep(
        screen == .paymentMethods ? paymentMethods.checkStatusAgain() : wallet.checkStatusAgain(),
        for: screen)
    }

    /// Quitting cancels whatever still runs, through the same cancellation as a superseded
    /// load: nothing is shown or logged for it.
    func cancelAll() {
      running.cancelAll()
    }

    /// The title of the method selected on the payment-methods screen, if any; as a screen
    /// reader reads it on the accessible screen.
    func selectedTitle(spoken: Bool) -> String? {
      guard case .loaded(let methods) = paymentMethods.state,
        let row = methods.rows.first(where: \.isSelected)
      else { return nil }
      return spoken ? row.spokenTitle : row.title
    }
  }
}

/// The latest task of each screen, so quitting can cancel them.
@MainActor
private final class RunningTasks {
  private var tasks: [CommandLineOptions.Screen: Task<Void, Never>] = [:]

  func keep(_ task: Task<Void, Never>, for screen: CommandLineOptions.Screen) -> Task<Void, Never> {
    tasks[screen] = task
    return task
  }

  func cancelAll() {
    for task in tasks.values { task.cancel() }
  }
}
