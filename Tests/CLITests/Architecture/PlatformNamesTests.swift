import DataLayer
import Dispatch
import Domain
import Foundation
import Observation
import Presentation
import Testing
import URLSessionBackend

/// Every public type of Domain, DataLayer and Presentation, named unqualified in a file
/// that also imports Foundation, Dispatch and Observation: if any of them shared a name
/// with a type of those modules, this file would not compile ("ambiguous for type
/// lookup"). The test below keeps the list complete.
private let everyPublicType: [(name: String, type: Any.Type)] = [
  ("AddCardOutcome", AddCardOutcome.self),
  ("AddCardUseCase", AddCardUseCase.self),
  ("AddCardViewModel", AddCardViewModel.self),
  ("ApplePay", ApplePay.self),
  ("ApplePayDevice", (any ApplePayDevice).self),
  ("ApplePayDeviceSupport", ApplePayDeviceSupport.self),
  ("ApplePayService", (any ApplePayService).self),
  ("ApplePayServiceError", ApplePayServiceError.self),
  ("BackendCardsRepository", BackendCardsRepository.self),
  ("BackendClient", BackendClient.self),
  ("BackendCredential", BackendCredential.self),
  ("BackendEndpoint", BackendEndpoint.self),
  ("BackendRequest", BackendRequest.self),
  ("BackendResponse", BackendResponse.self),
  ("BackendUserStatusRepository", BackendUserStatusRepository.self),
  ("BackendWalletRepository", BackendWalletRepository.self),
  ("BankApprovalOutcome", BankApprovalOutcome.self),
  ("CardApproval", CardApproval.self),
  ("CardBrand", CardBrand.self),
  ("CardDecline", CardDecline.self),
  ("CardExpiry", CardExpiry.self),
  ("CardField", CardField.self),
  ("CardFieldErrors", CardFieldErrors.self),
  ("CardForm", CardForm.self),
  ("CardProblem", CardProblem.self),
  ("CardSaving", (any CardSaving).self),
  ("CardSavingUpdatingLocalCopy", CardSavingUpdatingLocalCopy.self),
  ("CardSetup", CardSetup.self),
  ("CardSetupStatus", CardSetupStatus.self),
  ("CardSetups", (any CardSetups).self),
  ("CardSetupsUpdatingLocalCopy", CardSetupsUpdatingLocalCopy.self),
  ("CardValidation", CardValidation.self),
  ("CardWritesUpdatingLocalCopy", CardWritesUpdatingLocalCopy.self),
  ("CardsRepository", (any CardsRepository).self),
  ("ClassifiedError", (any ClassifiedError).self),
  ("ContextualError", (any ContextualError).self),
  ("Deadline", Deadline.self),
  ("DeadlineExceeded", DeadlineExceeded.self),
  ("DefaultMethod", DefaultMethod.self),
  ("DefaultRefusal", DefaultRefusal.self),
  ("DeveloperLog", (any DeveloperLog).self),
  ("DeviceApplePayService", DeviceApplePayService.self),
  ("ErrorChain", ErrorChain.self),
  ("ErrorContext", ErrorContext.self),
  ("FailedRequest", FailedRequest.self),
  ("FieldProblems", FieldProblems.self),
  ("FilePendingChangeStore", FilePendingChangeStore.self),
  ("KnownSessions", (any KnownSessions).self),
  ("NewDefault", NewDefault.self),
  ("OutcomeNotKnownYet", OutcomeNotKnownYet.self),
  ("FileLocalCopyStore", FileLocalCopyStore.self),
  ("FileFormat", FileFormat.self),
  ("SmallFile", SmallFile.self),
  ("FinishPendingChangesUseCase", FinishPendingChangesUseCase.self),
  ("FinishedChanges", FinishedChanges.self),
  ("FormFailure", FormFailure.self),
  ("InMemoryLocalCopyStore", InMemoryLocalCopyStore.self),
  ("IssuerDecline", IssuerDecline.self),
  ("JournaledCardWrites", JournaledCardWrites.self),
  ("Journey", Journey.self),
  ("JourneyHandler", (any JourneyHandler).self),
  ("JourneyHandlers", JourneyHandlers.self),
  ("LogEntry", LogEntry.self),
  ("LogFormat", LogFormat.self),
  ("LogLevel", LogLevel.self),
  ("LogMetadataKey", LogMetadataKey.self),
  ("MakeDefaultOutcome", MakeDefaultOutcome.self),
  ("MakeDefaultUseCase", MakeDefaultUseCase.self),
  ("NewCard", NewCard.self),
  ("Notice", Notice.self),
  ("PaymentCard", PaymentCard.self),
  ("PaymentMethod", PaymentMethod.self),
  ("PaymentMethodList", PaymentMethodList.self),
  ("PaymentMethodRow", PaymentMethodRow.self),
  ("PaymentMethodsError", PaymentMethodsError.self),
  ("PaymentMethodsFeatureFlags", PaymentMethodsFeatureFlags.self),
  ("PaymentMethodsUseCase", PaymentMethodsUseCase.self),
  ("PaymentMethodsViewModel", PaymentMethodsViewModel.self),
  ("PaymentSource", PaymentSource.self),
  ("PaymentsBackend", (any PaymentsBackend).self),
  ("PendingChange", PendingChange.self),
  ("PendingChangeStore", (any PendingChangeStore).self),
  ("PendingChangesKeeper", PendingChangesKeeper.self),
  ("SubjectTurns", SubjectTurns.self),
  ("Phrasebook", Phrasebook.self),
  ("PresentationError", PresentationError.self),
  ("PresentedDecline", PresentedDecline.self),
  ("PresentedJourney", PresentedJourney.self),
  ("Recovery", Recovery.self),
  ("RemoveCardOutcome", RemoveCardOutcome.self),
  ("RemoveCardUseCase", RemoveCardUseCase.self),
  ("RequestFailure", RequestFailure.self),
  ("RetryAfter", RetryAfter.self),
  ("RetryPolicy", RetryPolicy.self),
  ("SavedCardWrites", (any SavedCardWrites).self),
  ("LocalCopy", LocalCopy.self),
  ("LocalCopyKeeper", LocalCopyKeeper.self),
  ("FreshnessPolicy", FreshnessPolicy.self),
  ("LocalCopyStore", (any LocalCopyStore).self),
  ("LocalCopyUnreadable", LocalCopyUnreadable.self),
  ("ScreenLabels", ScreenLabels.self),
  ("Secret", Secret.self),
  ("Session", Session.self),
  ("SignInRefused", SignInRefused.self),
  ("SilentLog", SilentLog.self),
  ("SourceFailure", SourceFailure.self),
  ("StandardJourneyHandler", StandardJourneyHandler.self),
  ("TimeWaited", TimeWaited.self),
  ("TransportError", TransportError.self),
  ("TransportFailure", TransportFailure.self),
  ("URLSessionPaymentsBackend", URLSessionPaymentsBackend.self),
  ("UnclassifiedRequestError", UnclassifiedRequestError.self),
  ("UpdateCardExpiryUseCase", UpdateCardExpiryUseCase.self),
  ("UpdateCardOutcome", UpdateCardOutcome.self),
  ("UpdateCardViewModel", UpdateCardViewModel.self),
  ("UserStatus", UserStatus.self),
  ("UserStatusRepository", (any UserStatusRepository).self),
  ("WaitForBankApprovalUseCase", WaitForBankApprovalUseCase.self),
  ("Wallet", Wallet.self),
  ("WalletError", WalletError.self),
  ("WalletRepository", (any WalletRepository).self),
  ("WalletRepositoryError", WalletRepositoryError.self),
  ("WalletReviewState", WalletReviewState.self),
  ("WalletStatus", WalletStatus.self),
  ("WalletUseCase", WalletUseCase.self),
  ("WalletViewModel", WalletViewModel.self),
]

/// Names Apple's platforms already use in the modules an iOS file imports but Linux cannot
/// (os, OSLog, SwiftUI, Combine), and a few of Foundation's and the standard library's that
/// are easy to take by accident.
private let platformNames: Set<String> = [
  "Logger", "OSLog", "OSLogEntry", "OSLogType", "OSSignposter", "Signpost",
  "RecoverableError", "LocalizedError", "CustomNSError", "CocoaError", "URLError", "POSIXError",
  "State", "Binding", "Environment", "EnvironmentObject", "ObservedObject", "StateObject",
  "Published", "Observable", "Bindable", "View", "Text", "Button", "Alert", "Label", "Link",
  "List", "Section", "Form", "Menu", "Picker", "Toggle", "Image", "Color", "Font", "Group",
  "Scene", "App", "Window", "Settings", "Gauge", "ProgressView", "Animation", "Transaction",
  "Notification", "NotificationCenter", "Subscription", "Subject", "Publisher", "Cancellable",
  "Data", "Date", "Decimal", "Locale", "Calendar", "Bundle", "Progress", "Operation", "Thread",
  "Timer", "Process", "Pipe", "Host", "Port", "Stream", "Expression", "Predicate",
  "Result", "Error", "Task", "Clock", "Duration", "Mirror", "Never",
]

@Suite("Public names fit Apple's platforms", .timeLimit(.minutes(1)))
struct PlatformNamesTests {
  private static let layers = [
    "Sources/Domain", "Sources/Data", "Sources/URLSessionBackend", "Sources/Presentation",
  ]

  @Test("the list above names every public type of the three modules, each once")
  func listIsComplete() throws {
    let declared = try Self.topLevelDeclarations(public: true)
      .compactMap { $0.split(separator: " ").last.map(String.init) }
    let listed = everyPublicType.map(\.name)

    #expect(Set(listed) == Set(declared))
    #expect(listed.count == Set(listed).count)
  }

  @Test("no public type takes a name the platforms already use")
  func noPlatformNames() {
    let taken = Set(everyPublicType.map(\.name)).intersection(platformNames)

    #expect(taken.isEmpty, "\(taken.sorted())")
  }

  @Test("no public free functions: helpers live on a type")
  func noPublicFreeFunctions() throws {
    let functions = try Self.topLevelDeclarations(public: true).filter { $0.contains("func ") }

    #expect(functions.isEmpty, "\(functions)")
  }

  @Test("Domain adds no public API to types it does not own")
  func noPublicExtensionsOfOtherTypes() throws {
    let folder = packageRoot.appendingPathComponent("Sources/Domain")
    let owned = Set(
      try Self.topLevelDeclarations(in: ["Sources/Domain"], public: false)
        .compactMap { $0.split(separator: " ").last.map(String.init) })
    for file in try Self.swiftFiles(in: folder) {
      let text = try String(contentsOf: file, encoding: .utf8)
      var extended: String?
      for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("extension ") {
          let name = line.dropFirst("extension ".count).prefix { $0.isLetter || $0.isNumber }
          extended = owned.contains(String(name)) ? nil : String(name)
        } else if line.hasPrefix("}") {
          extended = nil
        } else if let extended, line.contains("public ") {
          Issue.record("\(file.lastPathComponent) adds public API to \(extended): \(line)")
        }
      }
    }
  }

  /// The declarations that start a line (not nested), such as "public struct Wallet".
  private static func topLevelDeclarations(in folders: [String] = layers, public: Bool) throws
    -> [String]
  {
    let pattern = try Regex(
      #"^(public )?(final )?(struct|enum|class|actor|protocol|typealias|func) \w+"#)
    var found: [String] = []
    for folder in folders {
      for file in try swiftFiles(in: packageRoot.appendingPathComponent(folder)) {
        let text = try String(contentsOf: file, encoding: .utf8)
        for line in text.split(separator: "\n") {
          guard let match = line.prefixMatch(of: pattern) else { continue }
          let declaration = String(line[match.range])
          if !`public` || declaration.hasPrefix("public ") {
            found.append(declaration)
          }
        }
      }
    }
    return found
  }

  private static func swiftFiles(in folder: URL) throws -> [URL] {
    try #require(FileManager.default.enumerator(atPath: folder.path))
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
      .map { folder.appendingPathComponent($0) }
  }
}
