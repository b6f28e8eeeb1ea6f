import DataLayer

// The Keychain half of docs/IOS.md's "Whose session it is": the text between "snippet:"
// and "end snippet" is in that document word for word (DocSnippetTests checks).

// snippet: knownSessions
/// The app's one session as its Keychain item holds it (a generic password, readable after
/// first unlock, on this device only): its tokens and, once the backend named them, its
/// person.
struct StoredSession: Codable, Equatable {
  var accessToken: String
  var refreshToken: String
  var person: String?

  func holds(_ access: Secret, _ refresh: Secret) -> Bool {
    accessToken == access.value && refreshToken == refresh.value
  }
}

/// The item, read and written whole: `SecItemCopyMatching` and `SecItemUpdate` on the JSON
/// of a `StoredSession`.
protocol SessionKeychain: Sendable {
  func read() -> StoredSession?
  func write(_ session: StoredSession)
}

/// The person is kept with the session: a pair of tokens the Keychain does not hold names
/// nobody, and is never recorded.
struct KeychainKnownSessions: KnownSessions {
  let keychain: any SessionKeychain

  func person(accessToken: Secret, refreshToken: Secret) -> String? {
    guard let stored = keychain.read(), stored.holds(accessToken, refreshToken) else {
      return nil
    }
    return stored.person
  }

  func record(_ person: String, accessToken: Secret, refreshToken: Secret) {
    guard var stored = keychain.read(), stored.holds(accessToken, refreshToken) else { return }
    stored.person = person
    keychain.write(stored)
  }
}
// end snippet
