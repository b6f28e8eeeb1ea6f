import DemoBackend
import Foundation
import Testing

@testable import CLI

@MainActor
@Suite("Command line: flags and exit codes", .timeLimit(.minutes(1)))
struct CommandLineTests {
  @Test("with no flags it shows the payment-methods screen for all-available and exits 0")
  func defaults() async {
    let run = await runCLI([])

    #expect(run.exitCode == .success)
    #expect(run.output.contains("Choose how to pay"))
    #expect(run.output.contains("Visa •••• 4242"))
  }

  @Test("--help prints the usage, listing every flag, and exits 0")
  func help() async {
    let run = await runCLI(["--scenario", "nope", "--help"])

    #expect(run.exitCode == .success)
    for flag in [
      "--scenario ", "--scenario-file", "--list-scenarios", "--screen", "--deadline-ms", "--json",
      "--verbose", "--no-color", "--version", "--help", "--approval-budget-ms",
    ] {
      #expect(run.output.contains(flag), "usage lacks \(flag)")
    }
  }

  @Test("--help says where the scenario file's format is: docs/SCENARIOS.md, which has it")
  func helpPointsToTheFormat() async throws {
    let run = await runCLI(["--help"])
    let usage = run.output.split(separator: "\n").map(String.init)
    let flag = try #require(usage.firstIndex { $0.contains("--scenario-file PATH") })

    #expect(
      usage[flag...].prefix(2).map { $0.trimmingCharacters(in: .whitespaces) }
        .joined(separator: " ").contains("(format in docs/SCENARIOS.md)"))
    #expect(try document("docs/SCENARIOS.md").contains("\n### Scenario files\n"))
  }

  @Test("--list-scenarios lists every built-in scenario with what it shows")
  func listScenarios() async {
    let run = await runCLI(["--list-scenarios"])

    #expect(run.exitCode == .success)
    let lines = run.output.split(separator: "\n")
    #expect(lines.map { String($0.prefix { $0 != " " }) } == BuiltInScenariosNames.all)
  }

  @Test(
    "on a terminal, the scenarios' list fits its width, each summary broken at its words",
    arguments: [40, 80, 120])
  func listFitsTheTerminal(columns: Int) {
    let list = CommandRunner.scenarioList(width: columns)
    let rows = list.split(separator: "\n")

    #expect(rows.allSatisfy { CellWidth.of(String($0)) <= columns })
    let unwrapped = CommandRunner.scenarioList().split(separator: "\n")
    #expect(rows.count > unwrapped.count, "some summaries take more than a row")
    let words = { (text: String) in text.split(whereSeparator: \.isWhitespace) }
    #expect(words(list) == words(CommandRunner.scenarioList()), "no word broken or lost")
  }

  @Test("--help fits 80 columns")
  func helpFits() async {
    let run = await runCLI(["--help"])

    #expect(run.output.split(separator: "\n").allSatisfy { CellWidth.of(String($0)) <= 80 })
  }

  @Test("flags take a value after a space or after =")
  func valueForms() async {
    let spaced = await runCLI(["--scenario", "no-methods", "--json"])
    let joined = await runCLI(["--scenario=no-methods", "--json"])

    #expect(spaced.output == joined.output)
    #expect(joined.output.contains("\"empty\""))
  }

  @Test(
    "bad flags exit 64 with a message that says what to change",
    arguments: [
      (["--bogus"], "unknown option --bogus"),
      (["extra"], "unexpected argument \"extra\""),
      (["--scenario"], "--scenario needs a value"),
      (["--scenario", "--json"], "--scenario needs a value"),
      (["--json=yes"], "--json takes no value"),
      (["--version=2", "--json"], "--version takes no value"),
      (
        ["--screen", "checkout"],
        "unknown screen \"checkout\"; choose one of: payment-methods, wallet"
      ),
      (["--deadline-ms", "0"], "--deadline-ms must be a whole number from 1 to 600000, got \"0\""),
      (["--deadline-ms", "fast"], "got \"fast\""),
      (
        ["--approval-budget-ms", "600001"],
        "--approval-budget-ms must be a whole number from 1 to 600000, got \"600001\""
      ),
      (["--scenario", "a", "--scenario-file", "b"], "use either --scenario or --scenario-file"),
    ])
  func badFlags(arguments: [String], message: String) async {
    let run = await runCLI(arguments)

    #expect(run.exitCode == .usage)
    #expect(run.errors.contains(message), "stderr was: \(run.errors)")
    #expect(run.errors.contains("--help"))
    #expect(run.output.isEmpty)
  }

  @Test(
    "an unknown scenario exits 64, suggests the nearest name and points to --list-scenarios",
    arguments: [("all-availible", "all-available"), ("cards-ofline", "cards-offline")])
  func unknownScenario(typed: String, suggested: String) async {
    let run = await runCLI(["--scenario", typed])

    #expect(run.exitCode == .usage)
    #expect(
      run.errors
        == "payment-methods: unknown scenario \"\(typed)\"; did you mean \(suggested)? "
        + "Run payment-methods --list-scenarios to see them all.\n")
  }

  @Test("a name near none of the scenarios gets no suggestion, and no list of every name")
  func unknownScenarioFarFromAll() async {
    let run = await runCLI(["--scenario", "bananas"])

    #expect(run.exitCode == .usage)
    #expect(!run.errors.contains("did you mean"))
    #expect(run.errors.contains("--list-scenarios"))
    #expect(!run.errors.contains("all-available"))
  }

  @Test(
    "an unknown option suggests the nearest one",
    arguments: [
      ("--scenaro", "--scenario"), ("--verbos", "--verbose"), ("--no-colour", "--no-color"),
      ("--jsno", "--json"),
    ])
  func unknownOption(typed: String, suggested: String) async {
    let run = await runCLI([typed])

    #expect(run.exitCode == .usage)
    #expect(
      run.errors.hasPrefix("payment-methods: unknown option \(typed); did you mean \(suggested)?\n")
    )
  }

  @Test("--version prints the name and version and exits 0")
  func version() async {
    let run = await runCLI(["--version"])

    #expect(run.exitCode == .success)
    #expect(run.output == "payment-methods 1.0.0\n")
  }

  @Test(
    "conflicting or repeated flags exit 64 with a message",
    arguments: [
      (["--scenario", "offline", "--scenario", "offline"], "--scenario is given twice"),
      (["--json", "--json"], "--json is given twice"),
      (["--no-color", "--no-color=x"], "--no-color is given twice"),
      (
        ["--list-scenarios", "--scenario", "nope"],
        "--list-scenarios cannot be combined with --scenario"
      ),
      (
        ["--scenario-file", "x.json", "--list-scenarios"], "cannot be combined with --scenario-file"
      ),
      (["--list-scenarios", "--json"], "--list-scenarios cannot be combined with --json"),
      (
        ["--scenario", "offline", "--scenario-file", "-"],
        "use either --scenario or --scenario-file"
      ),
    ])
  func conflicts(arguments: [String], message: String) async {
    let run = await runCLI(arguments)

    #expect(run.exitCode == .usage)
    #expect(run.errors.contains(message), "stderr was: \(run.errors)")
    #expect(run.output.isEmpty)
  }

  /// The commands that take flags of their own, and those flags.
  nonisolated static let commands = ["add-card", "remove-card", "set-default", "update-card"]
  nonisolated static let commandFlags = [
    "--id", "--wallet", "--number", "--expiry", "--cvc", "--name",
  ]

  /// How the command line is refused, if it is.
  private static func refusal(_ arguments: [String]) -> String? {
    do {
      _ = try Command.parse(arguments)
      return nil
    } catch {
      return error.message
    }
  }

  @Test(
    "a flag given where it does not belong names every command that takes it, and no other",
    arguments: commandFlags)
  func misplacedFlagNamesItsCommands(flag: String) throws {
    let value = flag == "--wallet" ? [] : ["x"]
    let misplaced = { (refusal: String?) in refusal?.hasPrefix("\(flag) belongs to ") == true }
    // A command takes the flag if giving it there is not refused as misplaced (the line may
    // still lack other flags).
    let takers = Self.commands.filter { !misplaced(Self.refusal([$0, flag] + value)) }

    let message = try #require(Self.refusal([flag] + value))

    #expect(misplaced(message), "\(message)")
    #expect(!takers.isEmpty)
    for command in Self.commands {
      #expect(message.contains(command) == takers.contains(command), "\(command): \(message)")
    }
  }

  @Test("remove-card given --expiry says the flag belongs to add-card and update-card")
  func expiryOnRemoveCard() async {
    let run = await runCLI(["remove-card", "--id", "card-1", "--expiry", "01/30"])

    #expect(run.exitCode == .usage)
    #expect(run.errors.contains("--expiry belongs to add-card and update-card"), "\(run.errors)")
  }

  @Test(
    "an empty value exits 64, before anything is read",
    arguments: [["--scenario-file="], ["--scenario="], ["--screen", ""], ["--scenario-file", ""]])
  func emptyValue(arguments: [String]) async {
    let run = await runCLI(arguments)

    #expect(run.exitCode == .usage)
    #expect(run.errors.contains("needs a value, not an empty one"))
  }

  @Test("--help documents every exit code, the signals' and the output's included")
  func helpExitCodes() async {
    let run = await runCLI(["--help"])

    for code in ExitCode.allCases {
      #expect(run.output.contains("  \(code.rawValue) "), "usage lacks exit code \(code.rawValue)")
    }
  }

  @Test("--deadline-ms sets the deadline: at 100 ms the 140 ms cards could not load")
  func deadlineFlag() async {
    let run = await runCLI(["--deadline-ms", "100", "--verbose", "--json"])

    #expect(run.exitCode == .success)
    #expect(!run.output.contains("\"card\""))
    #expect(run.output.contains("\"source\" : \"cards\""))
    #expect(
      run.errors.contains("[warning] showing that cards could not load (no answer within 100 ms)"))
  }

  @Test("--deadline-ms long enough lets the slow wallet answer")
  func longDeadline() async {
    let run = await runCLI(["--scenario", "wallet-slow", "--deadline-ms", "5000", "--json"])

    #expect(run.output.contains("\"wallet\""))
  }

  @Test(
    "at a TERM=dumb terminal the screen is printed once, and stderr says why and what keeps it open"
  )
  func dumbTerminalSaysWhy() async {
    let run = await runCLI(
      ["--scenario", "all-available"], environment: ["TERM": "dumb"], interactive: true,
      atADumbTerminal: true)

    #expect(run.exitCode == .success)
    #expect(run.output.contains("Visa •••• 4242"))
    #expect(run.errors.contains("TERM=dumb"))
    #expect(run.errors.contains("--accessible"))
    #expect(!run.output.contains("--accessible"))
  }

  @Test(
    "at a TERM=dumb terminal, in German by --locale or by LANG, stderr says why in German",
    arguments: [
      (["--locale", "de_DE"], ["TERM": "dumb"]),
      ([], ["TERM": "dumb", "LANG": "de_DE.UTF-8"]),
    ])
  func dumbTerminalSaysWhyInGerman(flags: [String], environment: [String: String]) async {
    let run = await runCLI(
      ["--scenario", "all-available"] + flags, environment: environment, interactive: true,
      atADumbTerminal: true)

    #expect(run.output.contains("Wähle, wie du bezahlst"))
    #expect(
      run.errors
        == "payment-methods: TERM=dumb: Dieses Terminal kann den Cursor nicht bewegen, deshalb "
        + "wird der Bildschirm nur einmal ausgegeben\n"
        + "Mit --accessible bleibt der Bildschirm offen, eine Zeile nach der anderen.\n")
  }
}

@Suite("Colour", .timeLimit(.minutes(1)))
struct ColorPolicyTests {
  @Test(
    "follows --no-color, then NO_COLOR, then FORCE_COLOR, then the terminal",
    arguments: [
      (false, [:], true, true),
      (false, [:], false, false),
      (true, [:], true, false),
      (false, ["NO_COLOR": "1"], true, false),
      (false, ["NO_COLOR": ""], true, true),
      (false, ["FORCE_COLOR": "1"], false, true),
      (false, ["FORCE_COLOR": "0"], false, false),
      (false, ["FORCE_COLOR": "1", "NO_COLOR": "1"], true, false),
      (true, ["FORCE_COLOR": "1"], false, false),
    ] as [(Bool, [String: String], Bool, Bool)])
  func policy(noColorFlag: Bool, environment: [String: String], interactive: Bool, expected: Bool) {
    #expect(
      Terminal.colorPolicy(
        noColorFlag: noColorFlag, environment: environment, isInteractive: interactive)
        == expected)
  }

  @MainActor
  @Test("on a colour terminal the loading state is drawn, then erased before the screen")
  func loadingOnATerminal() async {
    let run = await runCLI([], interactive: true)

    #expect(run.output.contains("Loading…"))
    #expect(run.output.contains("\r\u{1B}[5A\u{1B}[0J"))
    #expect(run.output.hasSuffix("╯\n"))
  }

  @MainActor
  @Test("a terminal with colour turned off gets no loading state and no escape bytes")
  func noEscapesWithoutColour() async {
    let run = await runCLI(["--no-color"], interactive: true)

    #expect(!run.output.contains("Loading…"))
    #expect(!run.output.contains("\u{1B}"))
  }
}
