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
  @Test(
    "a status that stalls or trickles is given up at the deadline; the list loads, nothing kept",
    arguments: ["stall", "trickle-body"])
  func givenUpAtTheDeadline(testCase: String) async throws {
    let server = try ProcessStartTests.HostileServer(testCase, only: "/me/status")
    let folder = try TemporaryFolder()

    let run = try await EndToEndTests.runBinary(
      [
        "--once", "--verbose", "--deadline-ms", "500", "--backend-url", server.url,
        "--cache-dir", folder.path,
      ], environment: ["HOME": folder.path])

    #expect(run.status == 0)
    #expect(run.output.contains("Visa •••• 4242"), "the list, loaded as usual")
    #expect(
      run.errors.contains(
        "[warning] whose session this is was not known within the screen's deadline (500 ms)"),
      "\(run.errors)")
    #expect(!run.errors.contains("whose session this is cannot be known"), "said once")
    #expect(!folder.entries().contains { $0.hasPrefix("saved-list-") }, "nothing kept")
  }
}
