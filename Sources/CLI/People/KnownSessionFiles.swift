import DataLayer
import Domain
import Foundation

/// The terminal program's known sessions: it reads its tokens from its environment, so it
/// cannot keep the person beside them as an app does in the Keychain. Each pair whose
/// person the backend named is a small file in `sessions/`, named by the SHA-256 of the two
/// tokens together (never a token), holding the person's id (`userId`).
///
/// Every file is written whole by `SmallFile` (readable by its owner alone); two runs
/// recording the same session write the same file. A file that cannot be read names
/// nobody, and is logged.
struct KnownSessionFiles: KnownSessions {
  static let folderName = "sessions"

  let folder: URL
  private let logger: any DeveloperLog

  init(directory: URL, logger: any DeveloperLog) {
    folder = directory.appendingPathComponent(Self.folderName, isDirectory: true)
    self.logger = logger
  }

  func person(accessToken: Secret, refreshToken: Secret) -> String? {
    let file = SmallFile(url: file(accessToken, refreshToken))
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

  func record(_ person: String, accessToken: Secret, refreshToken: Secret) {
    do {
      let data = try FileFormat.encoder().encode(KnownSessionFile(userId: person))
      try SmallFile(url: file(accessToken, refreshToken)).replace(with: data)
    } catch {
      logger.log(
        .warning, "whose session this is could not be kept on the device",
        metadata: [LogMetadataKey.error: SmallFile.describe(error)])
    }
  }

  /// The pair's file: the digest of both tokens, each preceded by its length, so that no
  /// two pairs share a text.
  private func file(_ accessToken: Secret, _ refreshToken: Secret) -> URL {
    let access = accessToken.value
    let refresh = refreshToken.value
    let pair = "\(access.utf8.count):\(access)\(refresh.utf8.count):\(refresh)"
    return folder.appendingPathComponent(
      SHA256Digest.hex(of: pair) + ".json", isDirectory: false)
  }
}

/// One known session's file: the person it belongs to, and nothing secret.
struct KnownSessionFile: Codable {
  static let currentVersion = 1

  var version = currentVersion
  var userId: String
}
