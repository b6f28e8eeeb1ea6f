import DataLayer
import Foundation
import TestSupport
import Testing

@testable import CLI

/// Which program talks HTTP: `payment-methods-http` links an HTTP client and connects to
/// `--backend-url` itself; `payment-methods` links none and hands such runs over.
@Suite(
  "Server access: the program that links HTTP, and the one that hands it over",
  .timeLimit(.minutes(1)))
@MainActor
struct ServerAccessTests {
  /// A server that has a wallet and nothing else, and keeps what it was asked.
  struct WalletOnlyServer: PaymentsBackend {
    let endpoints = Recorder<BackendEndpoint>()

    func send(_ request: BackendRequest) async throws -> BackendResponse {
      endpoints.record(request.endpoint)
      guard request.endpoint == .wallet else { throw TransportError.serverUnreachable }
      return BackendResponse(status: 200, body: Data(#"{"balance":42.5,"currency":"EUR"}"#.utf8))
    }
  }

  @Test(
    "a program with an HTTP client connects to the --backend-url, with the request time limits"
  )
  func linkedConnects() async throws {
    let server = WalletOnlyServer()
    let connections = Recorder<(URL, RequestTimeLimits)>()

    let run = await runCLI(
      ["--backend-url", "http://127.0.0.1:8080/v1", "--screen", "wallet", "--no-color"],
      serverAccess: .linked { baseURL, timeout in
        connections.record((baseURL, timeout))
        return server
      })

    let made = connections.all
    #expect(made.map(\.0.absoluteString) == ["http://127.0.0.1:8080/v1"])
    #expect(made.map(\.1) == [AppComposition.requestTimeLimits])
    #expect(server.endpoints.all == [.wallet])
    #expect(run.exitCode == .success)
    #expect(run.output.contains("€42.50"))
  }

  @Test("a program without one that was not handed over says which program to run, and exits 69")
  func companionOnlyExplains() async {
    let run = await runCLI(
      ["--backend-url", "http://127.0.0.1:8080"],
      serverAccess: .companion(named: "payment-methods-http"))

    #expect(run.exitCode == .serviceUnavailable)
    #expect(run.output.isEmpty)
    #expect(run.errors.contains("--backend-url needs a program with an HTTP client"))
    #expect(run.errors.contains("payment-methods-http"))
  }

  @Test(
    "only a command that talks to a server is handed over",
    arguments: [
      (["--backend-url", "http://127.0.0.1:1"], true),
      (
        [
          "add-card", "--backend-url=http://127.0.0.1:1", "--number", "4242424242424242",
          "--expiry", "12/30", "--cvc", "123", "--name", "Ada Lovelace",
        ], true
      ),
      (["--scenario", "offline"], false),
      (["--help", "--backend-url", "http://127.0.0.1:1"], false),
      (["--version"], false),
      (["--backend-url", "ftp://127.0.0.1"], false),
      (["--backend-url", "http://127.0.0.1:1", "--scenario", "offline"], false),
    ] as [([String], Bool)])
  func handedOver(arguments: [String], usesServer: Bool) {
    #expect(((try? Command.parse(arguments))?.usesServer ?? false) == usesServer)
  }
}
