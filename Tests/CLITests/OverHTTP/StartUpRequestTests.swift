import Foundation
import Testing

/// The start-up request for the person (`GET /me/status`, asked first by a run that keeps
/// files, to learn whose session it is) is held to the screen's deadline, as every source
/// of the first screen is: the binary against `scripts/hostile-server` playing a case on
/// that path alone, and answering the list as a healthy server.
@Suite(
  "The start-up request for the person keeps the screen's deadline", .serialized,
  .timeLimit(.minutes(1)))
struct StartUpRequestTests {
  @Test("a status trickled byte by byte is given up at the deadline; the list loads, nothing kept")
  func givenUpAtTheDeadline() async throws {
    // A trickle never trips the request's one second without a byte, and its own 5 s come
    // later: only the deadline ends it.
    let server = try ProcessStartTests.HostileServer("trickle-body", only: "/me/status")
    let folder = try TemporaryFolder()

    let run = try await EndToEndTests.runBinary(
      [
        "--once", "--verbose", "--deadline-ms", "2000", "--backend-url", server.url,
        "--cache-dir", folder.path,
      ], environment: ["HOME": folder.path])

    #expect(run.status == 0)
    #expect(run.output.contains("Visa •••• 4242"), "the list, loaded as usual")
    #expect(
      run.errors.contains(
        "[warning] whose session this is was not known within the screen's deadline (2000 ms)"),
      "\(run.errors)")
    #expect(!run.errors.contains("whose session this is cannot be known"), "said once")
    #expect(!folder.entries().contains { $0.hasPrefix("saved-list-") }, "nothing kept")
  }
}
