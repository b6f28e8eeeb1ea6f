import DataLayer
import Domain
import Foundation
import TestSupport
import Testing

@testable import CLI

@Suite("Known session files: whose session a pair of tokens is", .timeLimit(.minutes(1)))
struct KnownSessionFilesTests {
  private let temporary: TemporaryFolder
  private let logger = LogSpy()
  private var known: KnownSessionFiles {
    KnownSessionFiles(directory: temporary.url, logger: logger)
  }

  init() throws {
    temporary = try TemporaryFolder()
  }

  private let ada = (access: Secret("access_ada"), refresh: Secret("refresh_ada"))

  @Test("a person kept for two tokens is found again for them, by a store made anew")
  func roundTrip() {
    known.record("u-ada", accessToken: ada.access, refreshToken: ada.refresh)

    #expect(known.person(accessToken: ada.access, refreshToken: ada.refresh) == "u-ada")
    #expect(
      known.person(accessToken: Secret("access_bob"), refreshToken: Secret("refresh_bob")) == nil)
  }

  @Test("a refresh token beside an access token it was never seen with names nobody")
  func pairNeverSeenTogether() {
    known.record("u-ada", accessToken: ada.access, refreshToken: ada.refresh)

    #expect(known.person(accessToken: Secret("access_bob"), refreshToken: ada.refresh) == nil)
    #expect(known.person(accessToken: ada.access, refreshToken: Secret("refresh_bob")) == nil)
  }

  @Test("the file is named by the two tokens' SHA-256, holds no token, and is its owner's alone")
  func noTokenAtRest() throws {
    known.record("u-ada", accessToken: ada.access, refreshToken: ada.refresh)

    let names = try FileManager.default.contentsOfDirectory(
      atPath: temporary.url.appendingPathComponent("sessions").path)
    #expect(names == [SHA256Digest.hex(of: "10:access_ada11:refresh_ada") + ".json"])
    let file = temporary.url.appendingPathComponent("sessions/" + names[0])
    let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
    #expect(!text.contains("access_ada") && !text.contains("refresh_ada"))
    #expect(text.contains("u-ada"))
    let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions]
    #expect((mode as? NSNumber)?.intValue == 0o600)
  }

  @Test("a damaged file names nobody, with a warning")
  func damagedNamesNobody() throws {
    let folder = temporary.url.appendingPathComponent("sessions")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data("{".utf8).write(
      to: folder.appendingPathComponent(
        SHA256Digest.hex(of: "10:access_ada11:refresh_ada") + ".json"))

    #expect(known.person(accessToken: ada.access, refreshToken: ada.refresh) == nil)
    #expect(logger.entries.map(\.level) == [.warning])
  }

  @Test(
    "a file whose person is no id the device keeps names nobody, with a warning",
    arguments: ["", "u-ada\u{7}", String(repeating: "a", count: 256)])
  func badPersonNamesNobody(person: String) throws {
    let folder = temporary.url.appendingPathComponent("sessions")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let text = try JSONSerialization.data(withJSONObject: ["version": 1, "userId": person])
    try text.write(
      to: folder.appendingPathComponent(
        SHA256Digest.hex(of: "10:access_ada11:refresh_ada") + ".json"))

    #expect(known.person(accessToken: ada.access, refreshToken: ada.refresh) == nil)
    #expect(logger.entries.map(\.level) == [.warning])
  }
}
