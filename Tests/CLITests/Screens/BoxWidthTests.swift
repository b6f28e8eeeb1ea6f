import DemoBackend
import Foundation
import Presentation
import Testing

@testable import CLI

@MainActor
@Suite("The box: every line of every frame the same width, in cells", .timeLimit(.minutes(1)))
struct BoxWidthTests {
  /// Each line's width by the oracle; one width per frame means a closed box.
  private func widths(_ frame: String) -> Set<Int> {
    Set(frame.split(separator: "\n").map(TerminalCells.width))
  }

  /// The interactive frames (`interactive/`) hold more than the box: a footer and panels.
  /// `InteractiveFrameTests` checks that they fit their terminal.
  @Test("every golden screen is a closed box, by the oracle's count")
  func goldenFiles() throws {
    for screen in GoldenScreenTests.screens {
      let golden = GoldenScreens(folder: screen)
      let names = try golden.storedScreens()

      #expect(!names.isEmpty)
      for name in names {
        let drawing = try golden.drawing(named: name)
        #expect(widths(drawing.plain) == [goldenWidth], "\(screen)/\(name).txt")
        #expect(widths(drawing.colour) == [goldenWidth], "\(screen)/\(name).ansi.txt")
      }
    }
  }

  @Test("generated text (CJK, emoji, combining marks, long words) wraps inside the box")
  func generatedText() {
    var random = SplitMix64(seed: 7)
    for round in 0..<400 {
      let width = random.int(in: 20...120)
      let renderer = ScreenRenderer(
        palette: Palette(isEnabled: random.chance(2)), width: width)
      let snapshot = ScreenSnapshot.generated(&random)

      let drawing = renderer.drawing(snapshot)

      #expect(widths(drawing.lines.joined(separator: "\n")) == [renderer.width], "round \(round)")
      for line in drawing.underneath {
        #expect(
          line.hasPrefix("Reference: "), "round \(round): only a reference goes under the box")
      }
      #expect(ScreenRenderer.widths.contains(renderer.width))
    }
  }

  @Test("a support reference is never split across lines, at any width")
  func referenceWhole() {
    var snapshot = ScreenSnapshot(screen: .paymentMethods, status: .error)
    snapshot.error = .init(
      title: "Something went wrong", message: "We couldn't load your payment methods.",
      hint: "Contact support and quote the reference below.", recovery: nil,
      traceId: "50e81759f9604a2f")

    for width in ScreenRenderer.widths {
      let frame = ScreenRenderer(palette: Palette(isEnabled: false), width: width)
        .render(snapshot)

      #expect(frame.contains("50e81759f9604a2f"), "at \(width) cells")
      #expect(widths(frame) == [width])
    }
  }

  @Test("a reference too wide for even a line of the box is written whole under it")
  func referenceUnderTheBox() {
    var snapshot = ScreenSnapshot(screen: .paymentMethods, status: .error)
    let reference = "req-0123456789abcdef0123"
    snapshot.error = .init(
      title: "Something went wrong", message: "We couldn't load your payment methods.",
      hint: "Contact support and quote the reference below.", recovery: nil,
      traceId: reference)

    let frame = ScreenRenderer(palette: Palette(isEnabled: false), width: 20).render(snapshot)
    let lines = frame.split(separator: "\n")

    #expect(lines.last == "Reference: \(reference)"[...])
    #expect(frame.contains("under the box"))
    #expect(Set(lines.dropLast().map(TerminalCells.width)) == [20])
  }

  @Test("a word longer than a line is broken, not run past the border")
  func longWord() {
    let renderer = ScreenRenderer(palette: Palette(isEnabled: false), width: 30)
    let word = String(repeating: "9", count: 100)
    var snapshot = ScreenSnapshot(screen: .paymentMethods, status: .loaded)
    snapshot.methods = [
      .init(
        kind: .wallet, title: "Wallet", subtitle: "Balance €\(word)", selectable: true,
        selected: false)
    ]

    let frame = renderer.render(snapshot)

    #expect(widths(frame) == [30])
    #expect(frame.filter { $0 == "9" }.count == 100)
  }

  @Test(
    "a narrow terminal draws a box as wide as it, down to 20 cells",
    arguments: [(24, 24), (20, 20), (12, 20)] as [(Int, Int)])
  func narrowestTerminals(columns: Int, box: Int) async {
    let run = await runCLI(["--scenario", "all-available"], columns: columns)

    #expect(widths(run.output) == [box])
  }

  @Test("the box follows the terminal: 40 columns draw a 40-cell box")
  func narrowTerminal() async {
    let run = await runCLI(["--scenario", "cards-offline"], columns: 40)

    #expect(widths(run.output) == [40])
  }

  @Test(
    "the width comes from the terminal, else COLUMNS, else 80, clamped to 20...50",
    arguments: [
      (Terminal.Size(columns: 40, rows: 24), ["COLUMNS": "100"], 40),
      (nil, ["COLUMNS": "36"], 36),
      (nil, ["COLUMNS": "wide"], 50),
      (nil, ["COLUMNS": "-3"], 50),
      (nil, [:], 50),
      (Terminal.Size(columns: 12, rows: 24), [:], 20),
      (Terminal.Size(columns: 200, rows: 60), [:], 50),
    ] as [(Terminal.Size?, [String: String], Int)])
  func boxWidth(size: Terminal.Size?, environment: [String: String], expected: Int) {
    let terminal = Terminal(
      noColorFlag: false, environment: environment, isInteractive: size != nil, size: size,
      errorsAreInteractive: false)

    #expect(
      ScreenRenderer(palette: Palette(isEnabled: false), width: terminal.columns).width == expected)
  }

  @Test("TERM=dumb gets no colour and no cursor movement, even with FORCE_COLOR")
  func dumbTerminal() {
    let terminal = Terminal(
      noColorFlag: false, environment: ["TERM": "dumb", "FORCE_COLOR": "1"], isInteractive: true,
      size: Terminal.Size(columns: 80, rows: 24), errorsAreInteractive: false)

    #expect(!terminal.usesColor)
    #expect(!terminal.movesCursor)
    #expect(!terminal.canRedraw(width: 50, height: 5, logIsOn: false))
  }
}

extension ScreenSnapshot {
  /// A screen of generated text in every place the renderer draws text.
  static func generated(_ random: inout SplitMix64) -> ScreenSnapshot {
    var snapshot = ScreenSnapshot(
      screen: random.chance(2) ? .paymentMethods : .wallet, status: .loaded)
    switch random.int(in: 0...2) {
    case 0:
      snapshot.methods = (0..<random.int(in: 1...4)).map { index in
        Method(
          kind: PaymentMethodRow.Kind.allCases[index % 3], title: GeneratedText.text(&random),
          subtitle: GeneratedText.text(&random), selectable: random.chance(2),
          selected: random.chance(3))
      }
      snapshot.message = random.chance(2) ? GeneratedText.text(&random) : nil
    case 1:
      snapshot.status = .empty
      snapshot.notice = Notice(
        title: GeneratedText.text(&random), message: GeneratedText.text(&random),
        hint: GeneratedText.text(&random))
    default:
      snapshot.status = .error
      snapshot.error = Notice(
        title: GeneratedText.text(&random), message: GeneratedText.text(&random),
        hint: GeneratedText.text(&random), recovery: nil,
        traceId: random.chance(2) ? GeneratedText.text(&random) : nil)
      snapshot.action =
        random.chance(2)
        ? Action(kind: .signIn, button: GeneratedText.text(&random)) : nil
    }
    return snapshot
  }
}

@Suite("The card form: what each field shows", .timeLimit(.minutes(1)))
struct CardFieldDisplayTests {
  @Test(
    "the number shows its digits while typed, grouped as printed, and its last four after",
    arguments: [
      ("5555555555554444", "5555 5555 5555 4444", "•••• •••• •••• 4444"),
      ("5555-5555 5555 4444", "5555 5555 5555 4444", "•••• •••• •••• 4444"),
      ("378282246310005", "3782 822463 10005", "•••• •••••• •0005"),
      ("42424", "4242 4", "•242 4"),
    ])
  func number(typed: String, focused: String, left: String) {
    #expect(ScreenRenderer.shown(typed, .number, isFocused: true) == focused)
    #expect(ScreenRenderer.shown(typed, .number, isFocused: false) == left)
  }

  @Test("the security code never shows, focused or not")
  func securityCode() {
    #expect(ScreenRenderer.shown("123", .securityCode, isFocused: true) == "•••")
    #expect(ScreenRenderer.shown("123", .securityCode, isFocused: false) == "•••")
  }
}
