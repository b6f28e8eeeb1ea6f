import Foundation

/// The one owner of a person's local copy: every read, write, edit and delete of it goes
/// through here, and each failure is logged here, once (after essential-feed's
/// `LocalFeedLoader`). The rules of what to keep and what to show are the callers'; how long
/// a part may be shown is `FreshnessPolicy`'s.
///
/// Nothing here fails its caller: the local copy only helps a person who is offline, so a
/// copy that cannot be read counts as missing, and one that cannot be written leaves the
/// screen as it is. Only a read that was cancelled says nothing: its caller is leaving.
public struct LocalCopyKeeper: Sendable {
  /// The signed-in person the copy is theirs: one person never sees another's.
  public let person: String
  /// The wall clock: when a part was loaded, and how old it is.
  public let now: @Sendable () -> Date
  private let store: any LocalCopyStore
  private let logger: any DeveloperLog

  public init(
    store: any LocalCopyStore, person: String, now: @escaping @Sendable () -> Date,
    logger: any DeveloperLog
  ) {
    self.store = store
    self.person = person
    self.now = now
    self.logger = logger
  }

  /// The person's local copy, or nil when none was kept or it cannot be read.
  func read() async -> LocalCopy? {
    do {
      return try await store.load(person: person)
    } catch {
      guard !(error is CancellationError) else { return nil }
      let reason = (error as? LocalCopyUnreadable)?.reason ?? String(describing: error)
      logger.log(
        .warning, "the local copy cannot be read and counts as missing: \(reason)",
        metadata: [LogMetadataKey.error: String(describing: error)])
      return nil
    }
  }

  /// Replaces the person's local copy, whole, with what a load found.
  func write(_ copy: LocalCopy) async {
    await save(copy, orSay: "could not keep the local copy; the screen is as loaded")
  }

  /// Changes the person's local copy after a write the backend agreed to.
  ///
  /// Only a part that exists is changed, and it keeps its `loadedAt`: the write is fresh
  /// news of one card, not of the whole list (another device may have changed the rest).
  /// Nothing kept, or a copy that cannot be read, is left for the next load to replace.
  /// (A load that ends while a change is made may write its own list over it; the next
  /// load that answers puts it right, as it does for a change made on another device.)
  func edit(_ change: (inout LocalCopy) -> Void) async {
    guard let kept = await read() else { return }
    var copy = kept
    change(&copy)
    guard copy != kept else { return }
    await save(copy, orSay: "could not make a change to the local copy; the next load will")
  }

  /// Deletes the person's local copy: the user is sent on a journey (signed out,
  /// locked…), and whoever signs in next must not see this person's cards. The journey
  /// goes ahead whatever the store says.
  func forget() async {
    do {
      try await store.delete(person: person)
      logger.log(.debug, "deleted the local copy: the user is sent elsewhere")
    } catch {
      logger.log(
        .warning, "could not delete the local copy",
        metadata: [LogMetadataKey.error: String(describing: error)])
    }
  }

  private func save(_ copy: LocalCopy, orSay failure: String) async {
    do {
      try await store.save(copy, person: person)
    } catch {
      logger.log(
        .warning, failure, metadata: [LogMetadataKey.error: String(describing: error)])
    }
  }
}
