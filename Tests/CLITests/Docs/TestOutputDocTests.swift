import Foundation
import Testing

/// What a newcomer sees when they run `swift test`: on Linux, XCTest reports first, and it
/// runs no test of this package ("Executed 0 tests"); Swift Testing's summary follows. The
/// README says so beside the command, so that the first lines do not read as nothing run.
@Suite("The README says what swift test prints", .timeLimit(.minutes(1)))
struct TestOutputDocTests {
  @Test("the README explains XCTest's 'Executed 0 tests' before Swift Testing's summary")
  func executedZeroTests() throws {
    let text = try document("README.md")
    let command = try #require(text.range(of: "swift test "))
    let note = try #require(text.range(of: "Executed 0 tests"), "the README does not say it")

    // Said near the command, before the layers are explained.
    #expect(text.distance(from: command.lowerBound, to: note.lowerBound) < 1_500)
    #expect(text[note.upperBound...].prefix(400).contains("Swift Testing"))
  }
}
