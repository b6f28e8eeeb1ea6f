import DataLayer
import DemoBackend
import Domain
import Foundation
import Testing

@testable import CLI

/// docs/ERRORS.md must have a row for every error the project can produce. The ids below
/// come from exhaustive switches: a new case does not compile until it is named here, and
/// once named, this suite fails until the table has its row.
@Suite("docs/ERRORS.md: the decision table", .timeLimit(.minutes(1)))
struct ErrorTableTests {
  static let context = ErrorContext(operation: "GET /cards")
  static let request = RequestFailure(.offline, context: context)
  static let failure = SourceFailure(source: .cards, reason: .requestFailed(request))
  static let card = PaymentCard(
    id: "1", brand: "Visa", lastFour: "4242", expiry: CardExpiry(month: 8, year: 2028)!,
    status: .active)

  static var catalogue: [String] {
    RequestFailure.Kind.allCases.map { "RequestFailure.\($0.rawValue)" }
      + TransportError.allCases.map { "TransportError.\($0)" }
      + [
        WalletRepositoryError.noWalletFound(context), .banned(context),
        .inReview(.pending, context),
      ].map(id)
      + [ApplePayServiceError.serviceNotAvailable].map(id)
      + [
        SourceFailure.Reason.requestFailed(request), .deadlineExceeded(.seconds(1)),
        .cancelledBelow, .unknown(CancellationError()),
      ].map(id)
      + [
        PaymentMethodsError.noPaymentMethodsFound, .couldNotLoad(failure, alsoFailed: []),
        .needsJourney(failure, alsoFailed: []),
      ].map(id)
      + [WalletError.couldNotLoad(failure), .needsJourney(failure)].map(id)
      + [
        AddCardOutcome.saved(card), .alreadySaved(card), .invalid([:]),
        .declined(CardDecline(code: nil, adviceCode: nil)),
        .needsBankApproval(CardSetup(setupID: "s", bankMessage: nil, idempotencyKey: "k")),
      ].map(id)
      + ["FieldProblems"]
      + [RemoveCardOutcome.removed, .alreadyRemoved, .refusedLastMethod].map(id)
      + [
        MakeDefaultOutcome.madeDefault(.wallet), .methodGone,
      ].map(id)
      + [DefaultRefusal.applePayIsNeverDefault, .cardCannotPay].map(id)
      + [
        UpdateCardOutcome.updated(card), .updatedUnread(cardID: "1", expiry: card.expiry),
        .invalid([:]),
        .declined(CardDecline(code: nil, adviceCode: nil)), .cardGone,
      ].map(id)
      + ["CardChangeSnapshot.unknownId"]
      + CardDecline.Reason.allCases.map { "CardDecline.\($0.rawValue)" }
      + bankApproval
      + [
        "DeadlineExceeded", "SignInRefused", "ScenarioFault",
        "UnclassifiedRequestError", "CancellationError",
        "UsageError", "ScenarioLoader.Failure", "ScenarioFileError",
      ]
  }

  /// The bank's approval (3-D Secure): what starts the wait, and how it ends.
  static var bankApproval: [String] {
    let endings: [BankApprovalOutcome] = [
      .approved(card), .declined(reason: nil), .canceled, .timedOut,
    ]
    return endings.map(id)
  }

  struct Row {
    let error: String
    let navigation: String
    let scenarios: [String]
    let test: String
  }

  private func rows() throws -> [Row] {
    let text = try String(
      contentsOf: packageRoot.appendingPathComponent("docs/ERRORS.md"), encoding: .utf8)
    return try text.split(separator: "\n").filter { $0.hasPrefix("| `") }.map { line in
      let cells = line.split(separator: "|", omittingEmptySubsequences: false)
        .map { $0.trimmingCharacters(in: .whitespaces) }
      // "| a | … | k |" splits into the empty text before the first bar, ten cells, and
      // the empty text after the last bar.
      try #require(cells.count == 12, "a row of docs/ERRORS.md has the wrong number of cells")
      let error = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
      let scenarios = cells[9].split(separator: "`", omittingEmptySubsequences: false).enumerated()
        .filter { $0.offset % 2 == 1 }.compactMap { $0.element.split(separator: " ").first }
        // A scenario file's JSON, or a command line, is no scenario's name.
        .map(String.init).filter { !$0.hasPrefix("{") && $0 != "payment-methods" }
      let test = cells[10].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
      return Row(error: error, navigation: cells[4], scenarios: scenarios, test: test)
    }
  }

  @Test("has a row for every error the project can produce")
  func everyErrorHasARow() throws {
    let documented = Set(try rows().map(\.error))

    for error in Self.catalogue {
      #expect(documented.contains(error), "docs/ERRORS.md has no row for \(error)")
    }
  }

  @Test("has no row for an error that does not exist, and no error twice")
  func noStaleRows() throws {
    let documented = try rows().map(\.error)

    #expect(Set(documented).subtracting(Self.catalogue).isEmpty)
    #expect(Set(documented).count == documented.count)
  }

  @Test("names only journeys there are in its navigation column")
  func navigationIsAJourney() throws {
    let journeys = Set(Journey.allCases.map(\.rawValue))

    for row in try rows() {
      let navigation = row.navigation
      #expect(
        navigation == "none" || navigation.hasPrefix("that of its")
          || journeys.contains(navigation),
        "\(row.error) sends the user to \(navigation), which is no journey")
    }
  }

  @Test("cites tests that exist")
  func citedTestsExist() throws {
    let sources = try testSources()

    for row in try rows() {
      #expect(sources.contains("\"\(row.test)\""), "\(row.error) cites a missing test: \(row.test)")
    }
  }

  @Test("cites built-in scenarios that exist")
  func citedScenariosExist() throws {
    for row in try rows() {
      for scenario in row.scenarios {
        #expect(BuiltInScenariosNames.all.contains(scenario), "\(row.error) cites \(scenario)")
      }
    }
  }

  private func testSources() throws -> String {
    let folder = packageRoot.appendingPathComponent("Tests")
    let files = try #require(FileManager.default.enumerator(atPath: folder.path))
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
    return try files.map {
      try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)
    }.joined(separator: "\n")
  }

  // MARK: - Case names, from exhaustive switches

  private static func id(_ error: WalletRepositoryError) -> String {
    switch error {
    case .noWalletFound: "WalletRepositoryError.noWalletFound"
    case .banned: "WalletRepositoryError.banned"
    case .inReview: "WalletRepositoryError.inReview"
    }
  }

  private static func id(_ error: ApplePayServiceError) -> String {
    switch error {
    case .serviceNotAvailable: "ApplePayServiceError.serviceNotAvailable"
    }
  }

  private static func id(_ reason: SourceFailure.Reason) -> String {
    switch reason {
    case .requestFailed: "SourceFailure.requestFailed"
    case .deadlineExceeded: "SourceFailure.deadlineExceeded"
    case .cancelledBelow: "SourceFailure.cancelledBelow"
    case .unknown: "SourceFailure.unknown"
    }
  }

  private static func id(_ error: PaymentMethodsError) -> String {
    switch error {
    case .noPaymentMethodsFound: "PaymentMethodsError.noPaymentMethodsFound"
    case .couldNotLoad: "PaymentMethodsError.couldNotLoad"
    case .needsJourney: "PaymentMethodsError.needsJourney"
    }
  }

  private static func id(_ outcome: AddCardOutcome) -> String {
    switch outcome {
    case .saved: "AddCardOutcome.saved"
    case .alreadySaved: "AddCardOutcome.alreadySaved"
    case .invalid: "AddCardOutcome.invalid"
    case .declined: "AddCardOutcome.declined"
    case .needsBankApproval: "AddCardOutcome.needsBankApproval"
    }
  }

  private static func id(_ outcome: BankApprovalOutcome) -> String {
    switch outcome {
    case .approved: "BankApprovalOutcome.approved"
    case .declined: "BankApprovalOutcome.declined"
    case .canceled: "BankApprovalOutcome.canceled"
    case .timedOut: "BankApprovalOutcome.timedOut"
    }
  }

  private static func id(_ outcome: RemoveCardOutcome) -> String {
    switch outcome {
    case .removed: "RemoveCardOutcome.removed"
    case .alreadyRemoved: "RemoveCardOutcome.alreadyRemoved"
    case .refusedLastMethod: "RemoveCardOutcome.refusedLastMethod"
    }
  }

  private static func id(_ outcome: MakeDefaultOutcome) -> String {
    switch outcome {
    case .madeDefault: "MakeDefaultOutcome.madeDefault"
    case .methodGone: "MakeDefaultOutcome.methodGone"
    }
  }

  private static func id(_ refusal: DefaultRefusal) -> String {
    switch refusal {
    case .applePayIsNeverDefault: "DefaultRefusal.applePayIsNeverDefault"
    case .cardCannotPay: "DefaultRefusal.cardCannotPay"
    }
  }

  private static func id(_ outcome: UpdateCardOutcome) -> String {
    switch outcome {
    case .updated: "UpdateCardOutcome.updated"
    case .updatedUnread: "UpdateCardOutcome.updatedUnread"
    case .invalid: "UpdateCardOutcome.invalid"
    case .declined: "UpdateCardOutcome.declined"
    case .cardGone: "UpdateCardOutcome.cardGone"
    }
  }

  private static func id(_ error: WalletError) -> String {
    switch error {
    case .couldNotLoad: "WalletError.couldNotLoad"
    case .needsJourney: "WalletError.needsJourney"
    }
  }
}
