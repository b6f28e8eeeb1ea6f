import DataLayer

/// The tokens a session with a real server starts with: from `PAYMENTS_ACCESS_TOKEN` and
/// `PAYMENTS_REFRESH_TOKEN` when set, else the demo session's. Never from a flag, which
/// other users of the machine can read in the process list.
enum ServerTokens {
  struct Problem: Error {
    let message: String
  }

  static let accessVariable = "PAYMENTS_ACCESS_TOKEN"
  static let refreshVariable = "PAYMENTS_REFRESH_TOKEN"

  static func read(from variables: [String: String]) -> Result<AppComposition.Tokens, Problem> {
    var tokens = AppComposition.Tokens.demo
    for (name, keyPath) in [
      (accessVariable, \AppComposition.Tokens.access), (refreshVariable, \.refresh),
    ] {
      guard let value = variables[name] else { continue }
      guard isUsable(value) else {
        // The value itself is never repeated: it is a secret, and may hold anything.
        return .failure(
          Problem(
            message: "\(name) is not a usable token: it must be 1 to 4096 characters of "
              + "letters, digits and - . _ ~ + / ="))
      }
      tokens[keyPath: keyPath] = Secret(value)
    }
    return .success(tokens)
  }

  /// The characters of an OAuth bearer token (RFC 6750's b64token): nothing that could
  /// break a header line or hide in a terminal.
  private static func isUsable(_ value: String) -> Bool {
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~+/=")
    return (1...4096).contains(value.count) && value.allSatisfy(allowed.contains)
  }
}
