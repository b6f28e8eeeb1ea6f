import Domain

/// Runs `body` expecting a `RequestFailure`, and returns it; nil when `body` throws
/// anything else, or nothing.
public func requestFailure(_ body: () async throws -> Void) async -> RequestFailure? {
  do {
    try await body()
  } catch let failure as RequestFailure {
    return failure
  } catch {
    return nil
  }
  return nil
}
