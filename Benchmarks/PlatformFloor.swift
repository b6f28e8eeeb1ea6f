// The platform's share of the CLI process: what any Swift program that shows this screen
// pays before its own code counts. It starts Swift concurrency (an async main, a task group
// of three children, a hop to the main actor), decodes a small answer with `JSONDecoder`,
// reads the screen's title through Foundation's localization API from the resource bundle
// its first argument names (the language's `.lproj`, as any localized app reads its words),
// publishes both through an `@Observable` model, formats one amount as currency with
// Foundation in the locale `LANG` names, as the app reads it ("de_DE.UTF-8" is de_DE; no
// LANG, C and POSIX are en_US), and prints it. Nothing else.
import Foundation
import Observation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@MainActor
@Observable
final class Screen {
  var line = ""
}

struct WalletAnswer: Decodable {
  let balance: Decimal
  let currency: String
}

@main
enum PlatformFloor {
  static func main() async {
    let body = Data(#"{"balance":125.5,"currency":"EUR"}"#.utf8)
    let answers = await withTaskGroup(of: WalletAnswer?.self) { group in
      for _ in 0..<3 {
        group.addTask { try? JSONDecoder().decode(WalletAnswer.self, from: body) }
      }
      var answers: [WalletAnswer] = []
      for await case let answer? in group { answers.append(answer) }
      return answers
    }
    guard let wallet = answers.first else { return }
    let lang = getenv("LANG").map { String(cString: $0) } ?? ""
    let name = lang.prefix { $0 != "." && $0 != "@" }
    let locale = Locale(identifier: ["", "C", "POSIX"].contains(name) ? "en_US" : String(name))
    let style = Decimal.FormatStyle.Currency(code: wallet.currency, locale: locale)
    let language = locale.language.languageCode?.identifier ?? "en"
    let words = CommandLine.arguments.dropFirst().first.flatMap { Bundle(path: $0) }
      .flatMap { $0.path(forResource: language, ofType: "lproj") }.flatMap { Bundle(path: $0) }
    let title = words?.localizedString(
      forKey: "screen.paymentMethods.title", value: nil, table: nil)
    await MainActor.run {
      let screen = Screen()
      screen.line = (title ?? "") + " " + wallet.balance.formatted(style)
      print(screen.line)
    }
  }
}
