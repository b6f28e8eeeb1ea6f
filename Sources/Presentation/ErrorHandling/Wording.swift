import Domain

/// The words of an error, one row per advice, the failed request's kind choosing between
/// rows that give the same advice ("You're offline" or "Can't connect securely"). A phrase
/// about what was being done is one key, read for a load, a save or a removal.
struct Wording {
  enum Phrase {
    /// The same words whatever was being done.
    case same(String)
    /// The key of three sentences about the activity's object: `key.load`, `key.save` and
    /// `key.remove`.
    case about(String)
  }

  let title: Phrase
  let message: Phrase
  let hint: String
  let category: PresentationError.Category

  private init(
    _ title: Phrase, _ message: Phrase, _ hint: String, _ category: PresentationError.Category
  ) {
    (self.title, self.message, self.hint, self.category) = (title, message, hint, category)
  }

  /// The table.
  init(_ recovery: Recovery, _ kind: RequestFailure.Kind?) {
    let retry = Phrase.about("error.retry.title")
    self =
      switch recovery {
      case .retryWhenUserActs(.reconnect) where kind == .insecureConnection:
        Wording(
          .same("error.insecure.title"), .about("error.insecure.message"),
          "error.insecure.hint", .retryable)
      case .retryWhenUserActs(.reconnect):
        Wording(
          .same("error.offline.title"), .about("error.offline.message"), "error.offline.hint",
          .retryable)
      case .retryNow where kind == .serviceUnavailable:
        Wording(
          .same("error.serviceDown.title"), .about("error.serviceDown.message"),
          "error.serviceDown.hint", .serviceUnavailable)
      case .retryNow where kind == .serverUnreachable:
        Wording(
          .same("error.unreachable.title"), .about("error.unreachable.message"),
          "error.unreachable.hint", .serviceUnavailable)
      case .retryNow where kind == .rateLimited:
        Wording(
          .same("error.rateLimited.title"), .about("error.rateLimited.message"),
          "error.rateLimited.hint", .retryable)
      // A request that timed out, or a source or a submission past its deadline: it took
      // too long, which is what it says, not that "something got in the way".
      case .retryNow where kind == .timedOut:
        Wording(retry, .about("error.timedOut.message"), "error.timedOut.hint", .retryable)
      case .retryNow, .retryWhenUserActs:
        Wording(retry, .about("error.retry.message"), "error.retry.hint", .retryable)
      case .notRecoverable(.unsupported) where kind == .notOffered:
        Wording(
          .same("error.notOffered.title"), .about("error.notOffered.message"),
          "error.notOffered.hint", .other)
      case .notRecoverable(.inspectCause):
        Wording(
          .same("error.bug.title"), .about("error.bug.message"), "error.bug.hint", .unexpected)
      case .signInAgain, .notRecoverable:
        Wording(retry, .same("error.final.message"), "error.final.hint", .other)
      }
  }
}
