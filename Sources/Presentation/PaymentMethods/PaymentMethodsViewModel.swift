import Domain
import Foundation
import Observation

/// Drives the payment-method selection screen: runs the use case and turns every outcome
/// into a `State` a person can see. It holds no view code, so a SwiftUI view and the
/// terminal view draw the same `State`.
@MainActor
@Observable
public final class PaymentMethodsViewModel {
  public enum State: Sendable, Equatable {
    case loading
    case loaded(Methods)
    /// The user has no payment methods: not an error, an invitation to add one.
    case empty(Notice)
    case failed(PresentationError)
  }

  /// The loaded list, grouped the way the screen shows it.
  public struct Methods: Sendable, Equatable {
    public var wallet: PaymentMethodRow?
    public var cards: [PaymentMethodRow]
    public var applePay: PaymentMethodRow?
    /// Feedback on the last selection, if any.
    public var message: String?

    public init(
      wallet: PaymentMethodRow? = nil, cards: [PaymentMethodRow] = [],
      applePay: PaymentMethodRow? = nil, message: String? = nil
    ) {
      self.wallet = wallet
      self.cards = cards
      self.applePay = applePay
      self.message = message
    }

    /// Marks the row with `id` as the one selected, and no other.
    mutating func select(_ id: PaymentMethodRow.ID) {
      func mark(_ row: PaymentMethodRow) -> PaymentMethodRow {
        var row = row
        row.isSelected = row.id == id
        return row
      }
      wallet = wallet.map(mark)
      cards = cards.map(mark)
      applePay = applePay.map(mark)
    }

    /// Every row, in screen order.
    public var rows: [PaymentMethodRow] {
      [wallet].compactMap { $0 } + cards + [applePay].compactMap { $0 }
    }
  }

  public private(set) var state: State = .loading

  @ObservationIgnored private let loadMethods: @Sendable () async throws -> [PaymentMethod]
  @ObservationIgnored private let logger: any Logger
  @ObservationIgnored private let locale: Locale
  @ObservationIgnored private let loads = LatestLoad()

  public convenience init(
    useCase: PaymentMethodsUseCase, logger: any Logger, locale: Locale = .current
  ) {
    self.init(loadMethods: useCase.execute, logger: logger, locale: locale)
  }

  /// - Parameter loadMethods: the use case, or a stand-in for it in tests and previews.
  public init(
    loadMethods: @escaping @Sendable () async throws -> [PaymentMethod],
    logger: any Logger,
    locale: Locale = .current
  ) {
    self.loadMethods = loadMethods
    self.logger = logger
    self.locale = locale
  }

  /// Starts loading, cancelling a load still running: the newest request owns the screen.
  /// The returned task ends when this load has published its state (or was superseded).
  @discardableResult
  public func load() -> Task<Void, Never> {
    state = .loading
    return loads.start { await self.runLoad() }
  }

  /// Selects a method. A row that cannot pay stays unselected and says why.
  public func select(_ id: PaymentMethodRow.ID) {
    guard case .loaded(var methods) = state,
      let row = methods.rows.first(where: { $0.id == id })
    else { return }

    guard row.isSelectable else {
      methods.message = "\(row.title) can't be used to pay. Choose another method."
      state = .loaded(methods)
      return
    }
    methods.select(id)
    methods.message = "\(row.title) selected."
    state = .loaded(methods)
  }

  private func runLoad() async {
    do {
      let methods = try await loadMethods()
      // A superseded load may still finish with data: the newer load owns the state.
      guard !Task.isCancelled else { return }
      state = .loaded(Self.group(methods, locale: locale))
    } catch {
      // Cancellation means the user moved on or asked again; it is never shown as an error.
      guard !Task.isCancelled, !(error is CancellationError) else { return }
      state = present(error)
    }
  }

  /// The one place the use case's errors become something a person sees.
  private func present(_ error: any Error) -> State {
    switch error {
    case PaymentMethodsError.noPaymentMethodsFound:
      return .empty(.noPaymentMethods)
    case PaymentMethodsError.couldNotLoad(let failures):
      logger.log(
        .warning, "showing the could-not-load error",
        metadata: [LogMetadataKey.error: failures.map(\.description).joined(separator: "; ")])
      return .failed(.couldNotLoadPaymentMethods)
    default:
      logger.log(
        .error, "showing the default error for an error nobody handled",
        metadata: [LogMetadataKey.error: String(reflecting: error)])
      return .failed(.somethingWentWrong)
    }
  }

  private static func group(_ methods: [PaymentMethod], locale: Locale) -> Methods {
    var grouped = Methods()
    for method in methods {
      let row = PaymentMethodRow(method, locale: locale)
      switch row.kind {
      case .wallet: grouped.wallet = row
      case .card: grouped.cards.append(row)
      case .applePay: grouped.applePay = row
      }
    }
    return grouped
  }
}

extension Notice {
  static let noPaymentMethods = Notice(
    title: "No payment methods yet",
    message: "You haven't added a way to pay.",
    hint: "Add a card to check out in one tap."
  )
}

extension PresentationError {
  static let couldNotLoadPaymentMethods = PresentationError(
    title: "Couldn't load your payment methods",
    message: "We couldn't reach our servers, so we can't show how you can pay right now.",
    hint: "Check your connection and try again."
  )

  /// The last line of defence: an error no layer expected.
  static let somethingWentWrong = PresentationError(
    title: "Something went wrong",
    message: "We couldn't show this screen.",
    hint: "Try again in a moment. If it keeps happening, contact support."
  )
}
