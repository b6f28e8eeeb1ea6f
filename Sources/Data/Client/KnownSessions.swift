/// Whose session a pair of tokens is, as far as this device has seen (the person's id, the
/// wire's `userId`): the port through which a `Session` keeps its person, so that a run
/// that starts with tokens seen before knows whose local copy and pending changes are its
/// own without asking, offline too. A person belongs to the two tokens together: an access
/// token beside a refresh token it was never seen with names nobody, and is asked for.
///
/// An app keeps the person in the Keychain, in the item that holds its session's tokens
/// (docs/IOS.md); the terminal program, which reads its tokens from its environment, keeps
/// them in files (`KnownSessionFiles`). Nothing here fails its caller: a person that cannot
/// be read names nobody, one that cannot be kept is logged where it is kept.
public protocol KnownSessions: Sendable {
  /// The person whose session the two tokens are, or nil when this device never saw them
  /// together.
  func person(accessToken: Secret, refreshToken: Secret) -> String?
  /// Keeps `person` as the person of the session the two tokens are.
  func record(_ person: String, accessToken: Secret, refreshToken: Secret)
}
