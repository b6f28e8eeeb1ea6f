import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The keys: what is typed reaches the screen as `Key`s, read on a thread of their own,
/// and on the accessible screen a line at a time.
extension InteractiveSession {
  /// What was typed: on the boxed screen, keys as they arrive; on the accessible one,
  /// each line once Enter ends it.
  enum Input {
    case keys([UInt8])
    case line(String)
    /// Ctrl-D on an empty line: nothing more will be typed.
    case ended
  }

  /// What `bytes` typed come to; on the accessible screen, what is typed is echoed here.
  func inputs(typed bytes: [UInt8]) -> [Input] {
    guard let transcript else { return [.keys(bytes)] }
    let typed = lineEditor.take(bytes, echoing: transcript.echoes)
    transcript.echoTyped(typed.echo)
    return typed.lines.map(Input.line) + (typed.ended ? [.ended] : [])
  }

  /// Carries out what was typed, each input's keys read from the state the input before it
  /// left; false once a key quits.
  ///
  /// On the accessible screen a line that comes while the form is busy (saving, or what
  /// came of it not yet on screen) is held, and read once the form has settled: it answers
  /// the prompt printed then, never one that is about to go. Esc is read at once: it stops.
  func carryOut(_ inputs: [Input], on screens: Screens) -> Bool {
    for input in inputs {
      if case .ended = input { return false }
      if case .line(let line) = input, line != "\u{1B}" {
        heldLines.append(line)
      } else {
        guard carryOut(input, on: screens) else { return false }
      }
      guard readHeldLines(on: screens) else { return false }
    }
    return true
  }

  /// Reads the held lines, in the order they were typed, for as long as the form is not
  /// busy; false once one quits.
  func readHeldLines(on screens: Screens) -> Bool {
    while !formIsBusy, !heldLines.isEmpty {
      guard carryOut(.line(heldLines.removeFirst()), on: screens) else { return false }
    }
    return true
  }

  /// Hands one input's keys to the screen and carries out their effects; false once a key
  /// quits.
  private func carryOut(_ input: Input, on screens: Screens) -> Bool {
    let meaning = self.meaning(of: input, on: screens)
    for key in meaning.keys {
      if scrollsWithinFocus(key, on: screens) { continue }
      let shown = model.screen
      // On a terminal too short for both, the log's panel takes the screen's place: the
      // frame says so, and then only the panel's keys act.
      if transcript == nil {
        model.logTakesScreen = frame.logTakesScreen(
          model, screens.snapshot(of: model.screen), form: drawnForm, log: log, size: size)
        model.logPage = frame.logPage(
          model, screens.snapshot(of: model.screen), form: drawnForm, log: log, size: size)
      }
      let effects = model.handle(key, on: screens.snapshot(of: model.screen), form: drawnForm)
      if effects.contains(.quit) { return false }
      for effect in effects { carryOut(effect, on: screens) }
      if model.screen != shown { catchUp(on: screens) }
    }
    if meaning.readsCursor { readOutCursor(on: screens) }
    if meaning.readsKeys {
      transcript?.say(
        AccessibleFrame(words: frame.words).keysLine(model, screens.snapshot(of: model.screen)))
    }
    return true
  }

  /// ↑ or ↓ on a row or a notice taller than the terminal: the screen scrolls through it
  /// before the cursor moves on. True when it did; the frame says whether there is more.
  private func scrollsWithinFocus(_ key: Key, on screens: Screens) -> Bool {
    guard transcript == nil, model.form == nil, let lines = InteractiveScreen.scrollLines(key)
    else { return false }
    let before = drawnFrame(screens)
    model.scroll += lines
    if drawnFrame(screens) != before { return true }
    model.scroll -= lines
    return false
  }

  /// Whether the open form is busy: a submission is on its way, or has ended and the
  /// session has not acted on how it ended yet. While the bank is asked, it is not: the
  /// screen takes Esc, and r once the bank did not answer.
  var formIsBusy: Bool {
    unsettledSubmission != nil && cardForm?.snapshot.approval == nil
  }

  /// What an input means; a line that means nothing on the screen as it is now is said so.
  private func meaning(of input: Input, on screens: Screens) -> AccessibleInput.Meaning {
    switch input {
    case .keys(let bytes):
      return AccessibleInput.Meaning(keys: Key.decode(bytes))
    case .ended:
      return AccessibleInput.Meaning(keys: [])
    case .line(let line):
      let meaning = AccessibleInput.meaning(
        of: line, model: model, snapshot: screens.snapshot(of: model.screen),
        form: cardForm?.snapshot, lineMode: &lineMode)
      if let number = meaning?.noSuchRow {
        let rows = screens.snapshot(of: model.screen).methods.count
        transcript?.say(
          rows == 1
            ? frame.words["accessible.noSuchRow.one", String(number)]
            : frame.words["accessible.noSuchRow", String(number), String(rows)])
      }
      if meaning == nil { transcript?.say(frame.words["accessible.unknown"]) }
      return meaning ?? AccessibleInput.Meaning(keys: [])
    }
  }

  /// Keys are read on a thread of their own: read(2) blocks, and the screen must go on
  /// drawing while nobody types. The thread ends with the process.
  func startReadingKeys() {
    let sink = sink
    let reader = Thread {
      var buffer = [UInt8](repeating: 0, count: 64)
      while true {
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        if count > 0 {
          sink.yield(.input(Array(buffer.prefix(count))))
        } else if count < 0, errno == EINTR {
          continue
        } else {
          sink.yield(.inputEnded)
          return
        }
      }
    }
    reader.start()
  }
}
