import Domain
import Foundation

/// The backend's setups as a test scripts them: answers in order (the last one repeating),
/// and every question and cancel recorded.
public final class ScriptedSetups: CardSetups, @unchecked Sendable {
  // Safe: every mutable property is only touched while holding `lock`.
  private let lock = NSLock()
  private let answers: [Result<CardSetupStatus, any Error>]
  private let cancelFails: Bool
  private var asked = 0
  private var canceled: [String] = []

  public init(_ answers: [Result<CardSetupStatus, any Error>], cancelFails: Bool = false) {
    self.answers = answers
    self.cancelFails = cancelFails
  }

  public var timesAsked: Int { lock.withLock { asked } }
  public var cancels: [String] { lock.withLock { canceled } }

  public func status(ofSetup id: String) async throws -> CardSetupStatus {
    let answer = lock.withLock {
      asked += 1
      return answers[min(asked, answers.count) - 1]
    }
    return try answer.get()
  }

  public func cancelSetup(_ id: String) async throws {
    lock.withLock { canceled.append(id) }
    if cancelFails {
      throw RequestFailure(
        .timedOut, context: ErrorContext(operation: "POST /cards/setups/{id}/cancel"))
    }
  }
}

extension WaitForBankApprovalUseCase {
  /// For a form whose card no bank asks to approve: a bank that never answers, on a clock
  /// that never waits.
  public static var unused: WaitForBankApprovalUseCase {
    WaitForBankApprovalUseCase(
      setups: ScriptedSetups([.success(.waiting)]), clock: ImmediateClock(), logger: LogSpy())
  }
}
