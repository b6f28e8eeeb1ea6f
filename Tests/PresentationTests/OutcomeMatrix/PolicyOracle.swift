import Domain
import Presentation

/// The README's payment-methods policy and docs/ERRORS.md, written again from their words,
/// apart from the implementation: what each behaviour means, and what the screen, the log
/// and the deciding failure must then be.
enum PolicyOracle {
  /// A failure as the policy sees it: which source, and what went wrong.
  struct Failure: Equatable, CustomStringConvertible {
    enum What: Equatable {
      case request(RequestFailure.Kind)
      case pastDeadline
      case unknown
    }

    let source: PaymentSource
    let what: What

    var description: String { "\(source.rawValue): \(what)" }

    /// "Trying again can help": retryNow or retryWhenUserActs, from the decision table.
    var isRetry: Bool {
      switch what {
      case .request(.offline), .request(.timedOut), .request(.connectionLost),
        .request(.serverUnreachable), .request(.insecureConnection), .request(.cancelledBelow),
        .request(.rateLimited), .request(.serviceUnavailable),
        .request(.userNotVerified), .pastDeadline:
        true
      case .request, .unknown: false
      }
    }

    /// The four request failures that send the user elsewhere, and where.
    var journey: Journey? {
      switch what {
      case .request(.sessionEnded): .signIn
      case .request(.userNotVerified): .verifyAccount
      case .request(.userLocked): .contactSupport
      case .request(.appOutdated): .updateApp
      default: nil
      }
    }

    /// The advice, from the decision table's recovery column.
    var recovery: Recovery {
      switch what {
      case .request(.offline), .request(.insecureConnection): .retryWhenUserActs(.reconnect)
      case .request(.sessionEnded): .signInAgain
      case .request(.userNotVerified): .retryWhenUserActs(.verifyAccount)
      case .request(.userLocked): .notRecoverable(.contactSupport)
      case .request(.appOutdated), .request(.notOffered): .notRecoverable(.unsupported)
      case .request(.malformedResponse), .request(.responseTooLarge), .request(.unexpectedAnswer),
        .unknown:
        .notRecoverable(.inspectCause)
      case .request, .pastDeadline: .retryNow
      }
    }

    /// The trace id the user sees: only where the failure is not recoverable, and only a
    /// request has one.
    var shownTraceID: String? {
      guard case .request(let kind) = what, case .notRecoverable = recovery else { return nil }
      return MatrixSources.traceID(source, kind)
    }

    /// "The user sees", from the decision table, for a screen about `subject`.
    func screen(subject: String) -> Screen {
      if let journey { return .journey(journey, recovery, shownTraceID) }
      let (title, category): (String, PresentationError.Category) =
        switch what {
        case .request(.offline): ("You're offline", .retryable)
        case .request(.rateLimited): ("Too many requests", .retryable)
        case .request(.serviceUnavailable): ("Our payment service is down", .serviceUnavailable)
        case .request(.serverUnreachable): ("Can't reach our payment service", .serviceUnavailable)
        case .request(.insecureConnection): ("Couldn't connect securely", .retryable)
        case .request(.notOffered): ("Our payment service doesn't offer this", .other)
        case .request(.malformedResponse), .request(.responseTooLarge), .request(.unexpectedAnswer),
          .unknown:
          ("Something went wrong", .unexpected)
        case .request, .pastDeadline: ("Couldn't load \(subject)", .retryable)
        }
      return .failed(title, category, recovery, shownTraceID)
    }

    /// Unknown errors point at a bug: logged at error, everything else at warning.
    var skipLevel: LogLevel { what == .unknown ? .error : .warning }
  }

  /// What a person sees, reduced to what the policy decides.
  enum Screen: Equatable {
    case loaded([Row])
    case empty(String)
    case failed(String, PresentationError.Category, Recovery, String?)
    case journey(Journey, Recovery, String?)
    case wallet(WalletScreenStatus)
    case loading
  }

  enum WalletScreenStatus: Equatable {
    case active(hasNote: Bool)
    case noWallet, banned, inReview
  }

  struct Row: Equatable {
    let id: String
    let isSelectable: Bool
  }

  /// One source's contribution: rows to show, a skip logged at a level, or a failure.
  enum Verdict {
    case show([Row])
    case skip(LogLevel)
    case fail(Failure)
  }

  struct Expectation {
    var screen: Screen
    /// Per source, the levels of the lines the use case logs about it.
    var sourceLogLevels: [String: [LogLevel]]
    /// The levels of the lines logged about the screen's outcome (no source).
    var outcomeLogLevels: [LogLevel]
    /// The failure that decides the screen, and the others in source order.
    var deciding: Failure?
    var others: [Failure]?
  }
}
