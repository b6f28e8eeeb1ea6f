import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The layout on the terminal: each redraw, of the boxed frame or of the accessible
/// screen's new lines, and the screen given back to the shell on Ctrl-Z.
extension InteractiveSession {
  /// Draws the screen as it is now: the whole frame over the boxed screen; on the
  /// accessible one, the screen's lines under what was printed before (see `Transcript`).
  func redraw(_ screens: Screens) {
    let form = drawnForm
    if let transcript {
      // What is typed for the security code is not echoed, as the boxed form never shows
      // it: turned off before its prompt is printed, so no key typed after it can echo.
      transcript.echo(!(model.form?.focused == .securityCode && form?.isSubmitting == false))
      transcript.show(accessibleLines(screens), continuing: form != nil)
      return
    }
    scrollsBack(screens)
    device.draw(
      frame.render(
        model, screens.snapshot(of: model.screen), form: form, log: log, size: size))
  }

  /// A screen the user scrolled stays where they put it while it says the same thing (the
  /// time waited for the bank goes on); once it says something new (the bank's answer, a
  /// load's), it scrolls back to where that is in sight.
  func scrollsBack(_ screens: Screens) {
    let snapshot = screens.snapshot(of: model.screen)
    let approval = drawnForm?.approval
    let saying = [
      "\(model.screen)", "\(snapshot.status)", snapshot.error?.title, snapshot.message,
      drawnForm?.failure?.title, approval?.timedOut?.title, approval.map { _ in "approval" },
    ]
    if saying != scrolledOver { model.scroll = 0 }
    scrolledOver = saying
  }

  /// The boxed frame as the screen is now; nil on the accessible screen.
  func drawnFrame(_ screens: Screens) -> [String]? {
    guard transcript == nil else { return nil }
    return frame.render(
      model, screens.snapshot(of: model.screen), form: drawnForm, log: log, size: size)
  }

  /// The open form as it is drawn: saving from the key that sends it until the session
  /// has acted on how the submission ended (the cursor on the field to fix, or the form
  /// closed), whatever the view model says meanwhile. Drawn as the view model has it
  /// before it starts sending (after the user's recovery is told to the backend), the form
  /// would ask for a field it has just left; as it has it once the answer is in, for the
  /// one it is about to leave. While the bank is asked, the form is what the bank's wait
  /// shows. The keys read the form as it is drawn: Enter does not send it twice.
  var drawnForm: CardFormSnapshot? {
    guard var form = cardForm?.snapshot else { return nil }
    if unsettledSubmission != nil, form.approval == nil {
      // As the view model shows a submission: without what the last one ran into.
      form.isSubmitting = true
      form.failure = nil
      form.action = nil
      form.message = nil
    }
    return form
  }

  /// The accessible screen's lines for the state on screen now.
  private func accessibleLines(_ screens: Screens) -> [String] {
    AccessibleFrame(words: frame.words).lines(
      model, screens.snapshot(of: model.screen), form: drawnForm, log: log,
      lineMode: lineMode)
  }

  /// After a move on the accessible screen: what the cursor is on now, read out as one
  /// line. The screen is not printed again for it (the keys it offers may have changed
  /// with the row, which the move says nothing of).
  func readOutCursor(on screens: Screens) {
    guard let transcript,
      let line = AccessibleFrame(words: frame.words).cursorLine(
        model, screens.snapshot(of: model.screen))
    else { return }
    transcript.say(line)
    transcript.take(accessibleLines(screens))
  }

  /// Redraws once `task` has published its state.
  func redrawWhenDone(_ task: Task<Void, Never>) {
    let sink = sink
    Task {
      await task.value
      sink.yield(.published)
    }
  }

  /// Ctrl-Z: gives the terminal back as it was, stops the process, and takes the screen
  /// back when the shell resumes it.
  func suspend() {
    device.close()
    transcript?.giveKeysBack()
    tcdrain(STDOUT_FILENO)
    // Stopped as the terminal's own Ctrl-Z would stop it: SIGTSTP with its default action,
    // sent to the foreground process group, so the shell sees the job stop the usual way.
    // (Stopping with SIGSTOP left tmux on the alternate screen now and then.)
    signals.pause(SIGTSTP)
    kill(0, SIGTSTP)
    signals.resume(SIGTSTP)
    if transcript == nil { device.open() }
    transcript?.takeKeys()
    size = device.size() ?? size
  }
}
