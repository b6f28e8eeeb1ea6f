import Domain
import Foundation
import Testing

@testable import DataLayer

/// `GET /me/status`'s answers, read without a client.
@Suite("User status mapper: GET /me/status's answer, read")
struct UserStatusMapperTests {
  private func status(_ status: Int, _ body: String) throws -> UserStatus {
    try UserStatusMapper.userStatus(from: response(status, body, to: .userStatus))
  }

  private func person(_ body: String) throws -> String {
    try UserStatusMapper.person(from: response(200, body, to: .userStatus))
  }

  @Test("a 200 with a status the app knows is that status", arguments: UserStatus.allCases)
  func known(expected: UserStatus) throws {
    #expect(try status(200, #"{"status":"\#(expected.rawValue)"}"#) == expected)
  }

  @Test("a status the app does not know is malformed")
  func unknown() {
    let failure = #expect(throws: RequestFailure.self) {
      try status(200, #"{"status":"suspended"}"#)
    }

    #expect(failure?.kind == .malformedResponse)
  }

  @Test("an answer that is not a 2xx is unexpected")
  func notASuccess() {
    let failure = #expect(throws: RequestFailure.self) {
      try status(404, #"{"code":"user_not_found"}"#)
    }

    #expect(failure?.kind == .unexpectedAnswer)
  }

  @Test("a 200 whose body is not JSON is malformed, the decoding error kept")
  func malformed() {
    let failure = #expect(throws: RequestFailure.self) { try status(200, "not json") }

    #expect(failure?.kind == .malformedResponse)
    #expect(failure?.context.underlying is DecodingError)
  }

  @Test("the userId of a 200 is the person whose session it is")
  func personNamed() throws {
    #expect(try person(#"{"status":"verified","userId":"u-ada"}"#) == "u-ada")
  }

  @Test("a 200 without a userId names nobody: malformed")
  func nobody() {
    let failure = #expect(throws: RequestFailure.self) { try person(#"{"status":"verified"}"#) }

    #expect(failure?.kind == .malformedResponse)
  }

  @Test("a userId that is not plain text names nobody: malformed")
  func notPlainText() {
    let failure = #expect(throws: RequestFailure.self) {
      try person(#"{"status":"verified","userId":"u-\u0007ada"}"#)
    }

    #expect(failure?.kind == .malformedResponse)
  }
}
