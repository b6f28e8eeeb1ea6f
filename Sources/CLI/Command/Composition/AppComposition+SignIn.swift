import DemoBackend
import Domain
import Presentation

/// Signing in on a screen: the run's person again finishes their changes; another person
/// sees nothing of the first's.
extension AppComposition {
  /// Signing in, as the sign-in screen of an app would after the user typed: here always
  /// the demo user, and the backend decides whether to accept. Once the run's person has
  /// signed in again, their pending changes are finished before the screen loads again: a
  /// change whose session ended was kept for this moment. Another person's sign-in finishes
  /// nothing: no change is ever sent under someone else's session.
  var signIn: @Sendable () async throws -> Void { signIn(announcing: { _ in }) }

  /// Signing in, and then saying what finishing came to (`announce`): with the list the
  /// screen shows next, in place of what the start said of the same changes. Another
  /// person's sign-in is told nothing of the first person's: what the start said is taken
  /// back.
  func signIn(
    announcing announce: @escaping @Sendable (FinishedChanges) async -> Void
  ) -> @Sendable () async throws -> Void {
    { [client, runPerson, keepsFiles, logger, gate, finishing = finishPendingChanges()] in
      let person = try await client.signIn(
        username: ScenarioBackend.demoUsername, password: ScenarioBackend.demoPassword)
      // A run that keeps nothing on files has nobody's to protect.
      guard person.map({ $0.utf8.elementsEqual(runPerson.utf8) }) == true || !keepsFiles else {
        await gate.close()
        logger.log(
          .warning,
          "signed in as another person: this run shows, keeps and sends nothing more of the "
            + "person it started with")
        await announce(FinishedChanges())
        return
      }
      if let finished = await finishing?.execute() { await announce(finished) }
    }
  }
}

/// Where a sign-in on the screen says what finishing came to: the list's view model, once
/// it is made (it is given the sign-in before it exists).
@MainActor
final class SignInAnnouncement: Sendable {
  weak var viewModel: PaymentMethodsViewModel?

  func announce(_ finished: FinishedChanges) {
    viewModel?.announce(finished)
  }
}
