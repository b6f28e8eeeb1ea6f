import DemoBackend
import Foundation
import Testing

@testable import CLI

/// Seeded fuzzing of everything the program reads from outside: thousands of generated and
/// mutated scenario files and command lines, the same on every run. Each must end with a
/// documented exit code and print no control character, whatever it held.
@MainActor
@Suite("Fuzzing: scenario files and flags", .timeLimit(.minutes(1)))
struct FuzzTests {
  /// The codes a run in-process can end with (74, 130, 141 and 143 need a real process).
  static let codesForScenarioFiles: Set<ExitCode> = [
    .success, .errorState, .dataError, .serviceUnavailable, .unexpectedError,
    .temporaryFailure, .journey,
  ]

  @Test(
    "every generated or mutated scenario file ends with a documented code, no control byte printed",
    .timeLimit(.minutes(1)))
  func scenarioFiles() async {
    var random = SplitMix64(seed: 0x5CE7_A810)
    var seen: [ExitCode: Int] = [:]
    for round in 0..<4_000 {
      let bytes = FuzzInput.scenarioFile(&random)
      let screen = random.chance(4) ? "wallet" : "payment-methods"

      let run = await runCLI(["--scenario-file", "-", "--screen", screen], standardInput: bytes)

      seen[run.exitCode, default: 0] += 1
      #expect(Self.codesForScenarioFiles.contains(run.exitCode), "round \(round)")
      #expect(OutputChecks.controls(in: run.output).isEmpty, "round \(round): stdout")
      #expect(OutputChecks.controls(in: run.errors).isEmpty, "round \(round): stderr")
    }
    // The fuzzer must reach both sides: files that run and files that are refused.
    #expect((seen[.success] ?? 0) > 100, "\(seen)")
    #expect((seen[.dataError] ?? 0) > 100, "\(seen)")
  }

  @Test(
    "every generated command line ends with a documented code, no control byte printed",
    .timeLimit(.minutes(1)))
  func commandLines() async {
    var random = SplitMix64(seed: 0xF1A6_5EED)
    var seen: [ExitCode: Int] = [:]
    for round in 0..<4_000 {
      let arguments = FuzzInput.commandLine(&random)
      let input = random.chance(2) ? FuzzInput.scenarioFile(&random) : []

      let run = await runCLI(arguments, standardInput: input)

      seen[run.exitCode, default: 0] += 1
      #expect(
        ![.outputFailed, .interrupted, .terminated, .brokenPipe].contains(run.exitCode),
        "round \(round): \(arguments)")
      #expect(OutputChecks.controls(in: run.output).isEmpty, "round \(round): \(arguments)")
      #expect(OutputChecks.controls(in: run.errors).isEmpty, "round \(round): \(arguments)")
    }
    #expect((seen[.usage] ?? 0) > 100, "\(seen)")
    #expect((seen[.success] ?? 0) > 100, "\(seen)")
  }
}

/// Inputs for the fuzzer: structured ones that get deep into the reader, and mutations of
/// them that break it in every place.
enum FuzzInput {
  /// Text that tries to act on a terminal, or to be more than text.
  static let hostileStrings = [
    "\u{1B}[31m", "\u{1B}]0;pwned\u{07}", "\u{1B}[2J", "\n", "\r", "\t", "\u{0}", "\u{7F}",
    "\u{9B}", "\u{85}", "\u{202E}", "\u{2066}", "\u{200F}", "\u{2028}", "東京", "🎉", "e\u{301}",
    String(repeating: "W", count: 90),
  ]

  static let keys = [
    "wallet", "cards", "applePay", "session", "userStatus", "outcome", "latencyMs", "balance",
    "currency", "review", "brand", "last4", "expiry", "status", "rejection", "reason", "message",
    "responses", "transport", "retryAfter", "code", "body", "refresh",
  ]

  static let words = [
    "ok", "notFound", "banned", "inReview", "offline", "unexpected", "available", "needsSetup",
    "notAvailable", "pending", "beingProcessed", "active", "expired", "blocked", "timedOut",
    "connectionLost", "cancelled", "succeeds", "fails", "verified", "notVerified", "locked",
    "EUR", "USD", "Visa", "4242", "08/28", "13/99", "not json",
  ]

  static let numbers = [
    "0", "1", "-1", "1.5", "80", "200", "401", "429", "503", "599", "600000", "600001", "1e400",
    "1e38", "-0", "0.1", "99999999999999999999999999999999999999", "1E-200", "12e3",
  ]

  static func scenarioFile(_ random: inout SplitMix64) -> [UInt8] {
    var bytes = Array(scenario(&random).utf8)
    if random.chance(2) {
      for _ in 0..<random.int(in: 1...4) { mutate(&bytes, &random) }
    }
    return bytes
  }

  /// A JSON object shaped like a scenario, with a wrong turn here and there.
  static func scenario(_ random: inout SplitMix64) -> String {
    let sources = ["wallet", "cards", "applePay", "session", "userStatus"].filter { _ in
      random.chance(2)
    }
    let members = sources.map { key -> String in
      "\"\(key)\": " + value(forSource: key, &random)
    }
    return "{" + members.joined(separator: ", ") + "}"
  }

  private static func value(forSource source: String, _ random: inout SplitMix64) -> String {
    switch source {
    case "userStatus": return random.chance(4) ? string(&random) : #""locked""#
    case "session": return #"{"refresh": \#(random.chance(4) ? string(&random) : #""fails""#)}"#
    default:
      let outcomes = [
        "wallet": ["ok", "notFound", "banned", "offline", "unexpected"],
        "cards": ["ok", "offline", "unexpected"],
        "applePay": ["available", "needsSetup", "notAvailable", "unexpected"],
      ]
      let outcome =
        random.chance(5)
        ? string(&random) : "\"" + (random.element(of: outcomes[source] ?? []) ?? "ok") + "\""
      var members = [#""outcome": \#(outcome)"#]
      if random.chance(2) { members.append(#""latencyMs": \#(number(&random))"#) }
      if source == "wallet", random.chance(2) {
        let currency = random.chance(3) ? string(&random) : #""EUR""#
        members.append(#""balance": \#(number(&random)), "currency": \#(currency)"#)
      }
      if source == "cards", random.chance(2) {
        let cards = (0..<random.int(in: 0...3)).map { _ in card(&random) }
        members.append(#""cards": [\#(cards.joined(separator: ", "))]"#)
      }
      if random.chance(3) {
        members = [#""responses": [\#(answer(&random)), \#(answer(&random))]"#]
      }
      if random.chance(12) { members.append(#"\#(string(&random)): \#(anyValue(&random))"#) }
      return "{" + members.joined(separator: ", ") + "}"
    }
  }

  private static func card(_ random: inout SplitMix64) -> String {
    var card =
      #"{"brand": \#(string(&random)), "last4": "4242", "expiry": "08/28", "status": "active""#
    if random.chance(3) {
      card += #", "rejection": {"reason": "blocked", "message": \#(string(&random))}"#
    }
    return card + "}"
  }

  private static func answer(_ random: inout SplitMix64) -> String {
    if random.chance(3) { return #"{"transport": \#(string(&random))}"# }
    var answer = #"{"status": \#(number(&random))"#
    if random.chance(2) { answer += #", "code": \#(string(&random))"# }
    if random.chance(2) { answer += #", "message": \#(string(&random))"# }
    if random.chance(3) { answer += #", "retryAfter": \#(number(&random))"# }
    return answer + "}"
  }

  private static func anyValue(_ random: inout SplitMix64) -> String {
    switch random.int(in: 0...3) {
    case 0: string(&random)
    case 1: number(&random)
    case 2: "[" + string(&random) + "]"
    default: "null"
    }
  }

  /// A JSON string: mostly a word the reader knows, sometimes hostile text, escaped the
  /// way JSON writes it.
  private static func string(_ random: inout SplitMix64) -> String {
    let text =
      random.chance(3)
      ? (random.element(of: words) ?? "") + (random.element(of: hostileStrings) ?? "")
      : random.element(of: words + keys) ?? ""
    var quoted = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": quoted += "\\\""
      case "\\": quoted += "\\\\"
      case _ where scalar.value < 0x20: quoted += String(format: "\\u%04x", scalar.value)
      default: quoted.unicodeScalars.append(scalar)
      }
    }
    return quoted + "\""
  }

  private static func number(_ random: inout SplitMix64) -> String {
    random.element(of: numbers) ?? "0"
  }

  /// Breaks `bytes` in one place: a byte changed, inserted or removed, a piece repeated,
  /// or the end cut off. Inserted bytes favour those that matter: quotes, brackets,
  /// escapes, control bytes and invalid UTF-8.
  static func mutate(_ bytes: inout [UInt8], _ random: inout SplitMix64) {
    let interesting: [UInt8] = [
      0x22, 0x5C, 0x7B, 0x7D, 0x5B, 0x5D, 0x2C, 0x3A, 0x1B, 0x0A, 0x00, 0x7F, 0xC3, 0xFF, 0xED,
      0xA0, 0x80, 0x30, 0x2D, 0x65,
    ]
    let byte =
      random.chance(2) ? random.element(of: interesting) ?? 0 : UInt8(random.int(in: 0...255))
    guard !bytes.isEmpty else {
      bytes.append(byte)
      return
    }
    let position = random.int(in: 0...(bytes.count - 1))
    switch random.int(in: 0...4) {
    case 0: bytes[position] = byte
    case 1: bytes.insert(byte, at: position)
    case 2: bytes.remove(at: position)
    case 3:
      let end = min(bytes.count, position + random.int(in: 1...20))
      bytes.insert(contentsOf: bytes[position..<end], at: position)
    default: bytes.removeSubrange(position...)
    }
  }

  // MARK: - Command lines

  static let flags = [
    "--scenario", "--scenario-file", "--list-scenarios", "--screen", "--deadline-ms", "--json",
    "--verbose", "--no-color", "--version", "--help", "-h",
  ]

  static func commandLine(_ random: inout SplitMix64) -> [String] {
    (0..<random.int(in: 0...5)).map { _ in argument(&random) }
  }

  private static func argument(_ random: inout SplitMix64) -> String {
    let flag = random.element(of: flags) ?? "--json"
    switch random.int(in: 0...9) {
    case 0...3: return flag
    case 4, 5: return flag + "=" + flagValue(&random)
    case 6: return flagValue(&random)
    case 7:
      var bytes = Array(flag.utf8)
      mutate(&bytes, &random)
      return String(decoding: bytes, as: UTF8.self)
    default: return flag + (random.element(of: hostileStrings) ?? "")
    }
  }

  private static func flagValue(_ random: inout SplitMix64) -> String {
    let names = BuiltInScenarios.all.map(\.name)
    switch random.int(in: 0...6) {
    case 0, 1: return random.element(of: names) ?? ""
    case 2:
      var bytes = Array((random.element(of: names) ?? "").utf8)
      mutate(&bytes, &random)
      return String(decoding: bytes, as: UTF8.self)
    case 3: return random.element(of: ["-", "", "/no/such.json", "/", "/dev/null"]) ?? "-"
    case 4: return random.element(of: numbers + ["wallet", "payment-methods", "checkout"]) ?? "1"
    default: return (random.element(of: words) ?? "") + (random.element(of: hostileStrings) ?? "")
    }
  }
}
