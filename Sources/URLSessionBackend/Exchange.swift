import DataLayer
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The session's delegate: it passes on what the session says about each task, and refuses
/// every redirect, so the bearer token and a card's body only ever go to the base URL's
/// origin (the 3xx answer itself comes back, and the client reads it as an answer it has no
/// mapping for).
///
/// It keeps nothing, so the compiler checks that it is `Sendable`, and it needs no lock:
/// every event goes into one `AsyncStream`, whose `yield` is thread-safe, and one task
/// (`Transfers.follow`) reads them and alone holds every answer on its way. No event can
/// overtake another: the session calls the delegate on one serial queue, a task's `began` is
/// yielded before the task is resumed (so before any event of it), and the stream hands the
/// events over in the order they were yielded.
final class Exchanges: NSObject, URLSessionDataDelegate, Sendable {
  private let events: AsyncStream<Transfers.Event>.Continuation

  override init() {
    let (stream, events) = AsyncStream.makeStream(of: Transfers.Event.self)
    self.events = events
    super.init()
    Task { await Transfers.follow(stream) }
  }

  /// From now on, the events of `task` are `exchange`'s; called before the task is resumed.
  func add(_ exchange: Exchange, for task: URLSessionTask) {
    events.yield(.began(task.taskIdentifier, exchange))
  }

  /// No more events: the task reading them ends once it has read those before.
  func finish() {
    events.finish()
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    events.yield(.response(dataTask.taskIdentifier, response, completionHandler))
  }

  /// A chunk past its task's limit is dropped here, on the session's queue, however fast
  /// the server sends: what waits for the reader is then an event of a few bytes, never the
  /// chunk. (The limit travels with the task, in its description.) Darwin's session counts
  /// a task's bytes as they arrive; FoundationNetworking leaves a data task's count at zero
  /// (seen with 6.3.1), so on Linux the reader drops them instead, as soon as it reads
  /// them: the limit still holds, but a flood read slower than it arrives waits in the
  /// stream (docs/HTTP.md, "A hostile server").
  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let limit = dataTask.taskDescription.flatMap { Int64($0) } ?? .max
    if dataTask.countOfBytesReceived > limit {
      events.yield(.overLimit(dataTask.taskIdentifier))
    } else {
      events.yield(.data(dataTask.taskIdentifier, data))
    }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    events.yield(.completed(task.taskIdentifier, error))
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    completionHandler(nil)
  }
}

/// Every answer on its way, as the session's events build it: headers checked, the body
/// kept while within its exchange's limit. Only `follow`'s task ever holds it (a `Transfer`
/// is not `Sendable`, so the compiler sees to that).
struct Transfers {
  /// What the session said about a task, named by its identifier.
  enum Event: Sendable {
    case began(Int, Exchange)
    case response(Int, URLResponse, @Sendable (URLSession.ResponseDisposition) -> Void)
    case data(Int, Foundation.Data)
    /// The task has received more than its limit.
    case overLimit(Int)
    case completed(Int, (any Error)?)
  }

  private final class Transfer {
    let exchange: Exchange
    var response: HTTPURLResponse?
    var body = Foundation.Data()
    /// This side ended the exchange (past the limit); the rest of the transfer is dropped.
    var hasEnded = false

    init(_ exchange: Exchange) { self.exchange = exchange }
  }

  private var running: [Int: Transfer] = [:]

  /// Reads the session's events in order until the stream finishes.
  static func follow(_ events: AsyncStream<Event>) async {
    var transfers = Transfers()
    for await event in events { await transfers.handle(event) }
  }

  private mutating func handle(_ event: Event) async {
    switch event {
    case .began(let id, let exchange):
      running[id] = Transfer(exchange)
    case .response(let id, let response, let decide):
      guard let transfer = running[id], !transfer.hasEnded else { return decide(.cancel) }
      guard let http = response as? HTTPURLResponse else {
        await end(transfer, .failure(URLError(.badServerResponse)))
        return decide(.cancel)
      }
      if http.expectedContentLength > Int64(transfer.exchange.limit)
        || http.allHeaderFields.count > BackendEndpoint.headerCountLimit
      {
        await end(transfer, .failure(URLError(.dataLengthExceedsMaximum)))
        return decide(.cancel)
      }
      transfer.response = http
      decide(.allow)
    case .overLimit(let id):
      guard let transfer = running[id], !transfer.hasEnded else { return }
      await end(transfer, .failure(URLError(.dataLengthExceedsMaximum)))
    case .data(let id, let data):
      guard let transfer = running[id], !transfer.hasEnded else { return }
      guard transfer.body.count + data.count <= transfer.exchange.limit else {
        return await end(transfer, .failure(URLError(.dataLengthExceedsMaximum)))
      }
      transfer.body.append(data)
    case .completed(let id, let error):
      guard let transfer = running.removeValue(forKey: id), !transfer.hasEnded else { return }
      let answer = transfer.response.map { (transfer.body, $0) }
      let outcome: Result<Exchange.Answer, any Error> =
        if let error { .failure(error) } else if let answer { .success(answer) } else {
          .failure(URLError(.badServerResponse))
        }
      await transfer.exchange.end(outcome, transferIsOver: true)
    }
  }

  /// Ends the exchange from this side, and drops whatever else its transfer sends.
  private func end(_ transfer: Transfer, _ failure: Result<Exchange.Answer, any Error>) async {
    transfer.hasEnded = true
    transfer.body = Foundation.Data()
    await transfer.exchange.end(failure)
  }
}

/// One request on the wire and the one way it ends, whichever comes first: the transfer
/// completes, the body passes its limit, the deadline passes, or the caller cancels. Ending
/// never waits for the transfer: the task is cancelled on another queue, since on Linux
/// `URLSessionTask.cancel()` can block behind a session queue busy receiving (docs/HTTP.md,
/// "A hostile server"), and the caller goes on at once.
actor Exchange {
  typealias Answer = (Foundation.Data, HTTPURLResponse)

  /// The most body the exchange keeps.
  let limit: Int
  private var continuation: CheckedContinuation<Answer, any Error>?
  private var task: URLSessionTask?
  private var deadline: Task<Void, Never>?
  private var outcome: Result<Answer, any Error>?

  init(limit: Int) {
    self.limit = limit
  }

  /// Runs `work`, which may wait for the session's queue, on a queue of its own: never on
  /// a Swift concurrency thread, and never on the global queues, whose few threads a flood
  /// could leave all waiting (then every timer of the process, deadlines included, fires
  /// late).
  static func aside(_ work: @escaping @Sendable () -> Void) {
    DispatchQueue(label: "URLSessionPaymentsBackend.aside").async(execute: work)
  }

  /// Sends `request` through `session`, and returns the answer once the exchange ends; at
  /// once if it already ended (the caller was cancelled before it began).
  func answer(
    to request: URLRequest, in session: URLSession, through exchanges: Exchanges,
    deadline duration: Duration, on clock: any Clock<Duration>
  ) async throws -> Answer {
    // A caller cancelled before it began sends nothing (its `cancel()` may come later).
    try Task.checkCancellation()
    return try await withCheckedThrowingContinuation { continuation in
      if let outcome { return continuation.resume(with: outcome) }
      self.continuation = continuation
      deadline = Task { [weak self] in
        do {
          try await clock.sleep(for: duration)
          await self?.end(.failure(URLError(.timedOut)))
        } catch {}  // Cancelled: the exchange ended first.
      }
      // Made and started off the caller's thread: on Linux both wait for the session's
      // queue, which a server flooding another request can keep busy for as long as it
      // likes, and a Swift concurrency thread must never wait on that.
      Self.aside {
        let task = session.dataTask(with: request)
        Task { await self.start(task, in: exchanges) }
      }
    }
  }

  /// Starts the transfer, unless the exchange already ended.
  private func start(_ task: URLSessionDataTask, in exchanges: Exchanges) {
    guard outcome == nil else { return }
    self.task = task
    let limit = limit
    Self.aside {
      task.taskDescription = String(limit)
      exchanges.add(self, for: task)
      task.resume()
    }
  }

  /// Ends the exchange as the caller's cancellation; returns before it has.
  nonisolated func cancel() {
    Task { await end(.failure(CancellationError())) }
  }

  /// The first outcome wins; the transfer, if it still runs, is abandoned.
  func end(_ result: Result<Answer, any Error>, transferIsOver: Bool = false) {
    guard outcome == nil else { return }
    outcome = result
    deadline?.cancel()
    continuation?.resume(with: result)
    if let task, !transferIsOver {
      Self.aside { task.cancel() }
    }
    (deadline, continuation, task) = (nil, nil, nil)
  }
}
