import CLI
import Foundation
import URLSessionBackend

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// payment-methods with an HTTP client: the program that `--backend-url` runs go on in.
// It runs every other command line the same way too.
await PaymentMethodsCommand.main(
  serverAccess: .linked(
    { baseURL, limits in
      URLSessionPaymentsBackend(
        baseURL: baseURL, requestTimeout: limits.idle, requestDeadline: limits.whole,
        writeTimeLimit: limits.write,
        userAgent: PaymentMethodsCommand.userAgent(of: "payment-methods-http"))
    },
    userActed: DemoServer.userActed))

/// Demo-only: tells `scripts/scenario-server` that the user performed a recovery, so that
/// it moves to its script's way out. Outside the app's layers; a real server answers 404,
/// and whatever happens is ignored, within a second.
enum DemoServer {
  @Sendable static func userActed(baseURL: URL) async {
    var request = URLRequest(url: baseURL.appendingPathComponent("demo/user-acted"))
    request.httpMethod = "POST"
    request.timeoutInterval = 1
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForResource = 1
    let session = URLSession(configuration: configuration)
    defer { session.finishTasksAndInvalidate() }
    _ = try? await session.data(for: request)
  }
}
