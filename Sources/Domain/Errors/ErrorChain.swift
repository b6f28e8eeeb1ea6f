/// An error and the errors it was made from, outermost first, as each layer wrapped it.
///
/// The developer log prints it; support finds requests by the trace ids along it.
public struct ErrorChain: CustomStringConvertible {
  /// The outermost error first, then what each link wraps. Capped, so that an error that
  /// wraps itself cannot loop.
  public let links: [any Error]

  public init(_ error: any Error) {
    var links: [any Error] = [error]
    while links.count < 16, let next = (links.last as? any ClassifiedError)?.underlyingError {
      links.append(next)
    }
    self.links = links
  }

  /// One line: "PaymentMethodsError.needsJourney ← SourceFailure(cards: …) ← …".
  public var description: String {
    links.map { link in
      (link as? any ClassifiedError)?.summary ?? String(reflecting: link)
    }.joined(separator: " ← ")
  }

  /// The chain and the trace id support asks for, as a log line's metadata: the one place
  /// an error is written into a log line.
  public var logMetadata: [String: String] {
    var metadata = [LogMetadataKey.error: description]
    metadata[LogMetadataKey.traceID] = traceID
    return metadata
  }

  /// The trace id of the outermost request behind the error, the one support asks for.
  public var traceID: String? { traceIDs.first }

  /// Every request's trace id along the chain, outermost first, without repeats: a request
  /// that failed because its token refresh failed has two.
  public var traceIDs: [String] {
    var ids: [String] = []
    for link in links {
      if let id = (link as? any ContextualError)?.context.traceID, !ids.contains(id) {
        ids.append(id)
      }
    }
    return ids
  }
}
