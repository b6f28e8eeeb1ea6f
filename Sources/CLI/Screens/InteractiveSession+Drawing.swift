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
    if let transcript {
      let form = cardForm?.snapshot
      // What is typed for the security code is not echoed, as the boxed form never shows
      // it: turned off before its prompt is printed, so no key typed after it can echo.
      transcript.echo(!(model.form?.focused == .securityCode && form?.isSubmitting == false))
      transcript.show(
        AccessibleFrame(words: frame.words).lines(
          model, screens.snapshot(of: model.screen), form: form, log: log),
        continuing: form != nil)
      return
    }
    device.draw(
      frame.render(
        model, screens.snapshot(of: model.screen), form: cardForm?.snapshot,
        log: log, size: size))
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
    transcript?.echo(true)
    tcdrain(STDOUT_FILENO)
    // Stopped as the terminal's own Ctrl-Z would stop it: SIGTSTP with its default action,
    // sent to the foreground process group, so the shell sees the job stop the usual way.
    // (Stopping with SIGSTOP left tmux on the alternate screen now and then.)
    signals.pause(SIGTSTP)
    kill(0, SIGTSTP)
    signals.resume(SIGTSTP)
    if transcript == nil { device.open() }
    size = device.size() ?? size
  }
}
