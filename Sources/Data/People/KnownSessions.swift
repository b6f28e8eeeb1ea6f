import Domain
import Foundation

/// Whose session a refresh token opens, as far as this device has seen: each session whose
/// person the backend named is a small file in `sessions/`, named by the SHA-256 of its
/// refresh token (never the token), holding the person's id (`userId`). So a run that
/// starts with tokens seen before knows whose local copy and pending changes are its own
/// without asking, offline too; tokens never seen name nobody.
///
/// A rotated refresh token takes its person along (`carry`). Every file is written whole by
/// `SmallFile` (readable by its owner alone); two runs recording the same session write
/// the same file. A file that cannot be read names nobody, and is logged.
public struct KnownSessions: Sendable {
  public static let folderName = "sessions"

  let folder: URL
  private let logger: any DeveloperLog

  public init(directory: URL, logger: any DeveloperLog) {
    folder = directory.appendingPathComponent(Self.folderName, isDirectory: true)
    self.logger = logger
  }

  /// The person whose session `refreshToken` opens, or nil when this device never saw it.
  func person(of refreshToken: Secret) -> String? {
    let file = SmallFile(url: file(of: refreshToken))
    do throws(SmallFile.Problem) {
      guard let data = try file.read() else { return nil }
      let record = try FileFormat.decode(
        KnownSessionFile.self, version: KnownSessionFile.currentVersion, from: data)
      guard FileFormat.isPlainText(record.userId) else {
        throw SmallFile.Problem(reason: "a malformed userId")
      }
      return record.userId
    } catch {
      logger.log(
        .warning, "a known session's file cannot be read; it names nobody",
        metadata: [LogMetadataKey.error: error.reason, "file": file.url.path])
      return nil
    }
  }

  /// Keeps `person` as the person of `refreshToken`'s session.
  func record(_ person: String, for refreshToken: Secret) {
    do {
      let data = try FileFormat.encoder().encode(KnownSessionFile(userId: person))
      try SmallFile(url: file(of: refreshToken)).replace(with: data)
    } catch {
      logger.log(
        .warning, "whose session this is could not be kept on the device",
        metadata: [LogMetadataKey.error: SmallFile.describe(error)])
    }
  }

  /// The rotated token's session is the old one's: its person goes with it. The old token
  /// keeps naming them too: a program that starts from tokens it cannot keep (the CLI reads
  /// them from its environment, and never writes a token down) starts from the old one
  /// again, and must still know whose local copy and changes are its own.
  func carry(from old: Secret, to new: Secret) {
    guard let person = person(of: old) else { return }
    record(person, for: new)
  }

  private func file(of refreshToken: Secret) -> URL {
    folder.appendingPathComponent(
      SHA256Digest.hex(of: refreshToken.value) + ".json", isDirectory: false)
  }
}

/// One known session's file: the person it belongs to, and nothing secret.
struct KnownSessionFile: Codable {
  static let currentVersion = 1

  var version = currentVersion
  var userId: String
}
