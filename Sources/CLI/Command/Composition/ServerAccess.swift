import DataLayer
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a run with `--backend-url` reaches its server, which decides whether the program
/// links an HTTP client at all.
public enum ServerAccess: Sendable {
  /// The program links one: this makes the backend for a server's base URL, whose
  /// requests keep to the given time limits. `userActed` tells a demo server
  /// (`scripts/scenario-server`) that the user performed a recovery, so that it moves to
  /// its script's way out as the in-process backend does; a real server has no such path.
  case linked(
    _ connect: @Sendable (_ baseURL: URL, _ limits: RequestTimeLimits) -> any PaymentsBackend,
    userActed: @Sendable (_ baseURL: URL) async -> Void = { _ in })
  /// The program links none: such runs go on in the program of this name, installed in the
  /// same folder as this one.
  case companion(named: String)
}

/// How long one HTTP request may take.
public struct RequestTimeLimits: Sendable, Equatable {
  /// How long it may go without receiving anything.
  public let idle: Duration
  /// How long it may take from start to its body's last byte, however the bytes trickle.
  public let whole: Duration
  /// How long one attempt of a write (`BackendEndpoint.isWrite`) may go without receiving
  /// anything, and take in all: a server makes the change before it answers.
  public let write: Duration
}

/// Hands the run to the companion program: the process becomes that program (`execv`),
/// with the same arguments, process id, descriptors, terminal and signal mask, so to the
/// user and to a parent waiting on it nothing changed hands.
enum CompanionProgram {
  /// Why the companion could not be started.
  struct Failure: Error {
    let message: String
  }

  /// Returns only when the program could not be started.
  static func replaceProcess(withProgramNamed name: String, arguments: [String]) -> Failure {
    // The folder this program's file is in, its symbolic links followed: a link to it in
    // ~/bin still finds the companion beside the file itself.
    guard let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() else {
      return Failure(message: "--backend-url runs in \(name), and this program's folder is unknown")
    }
    let companion = executable.deletingLastPathComponent().appendingPathComponent(name).path
    let argv: [UnsafeMutablePointer<CChar>?] = ([companion] + arguments).map { strdup($0) } + [nil]
    execv(companion, argv)
    let reason = String(cString: strerror(errno))
    for argument in argv { free(argument) }
    return Failure(
      message: "--backend-url runs in \(name), which could not be started from "
        + "\(companion) (\(reason)); `swift build` builds it beside payment-methods")
  }
}
