import DataLayer
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The session's delegate: it hands each task's events to that task's `Exchange`, and
/// refuses every redirect, so the bearer token and a card's body only ever go to the base
/// URL's origin (the 3xx answer itself comes back, and the client reads it as an answer it
/// has no mapping for).
final class Exchanges: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  // Safe: `running` is only read or written while holding `lock`.
  private let lock = NSLock()
  private var running: [Int: Exchange] = [:]

  func add(_ exchange: Exchange, for task: URLSessionTask) {
    lock.withLock { running[task.taskIdentifier] = exchange }
  }

  private func exchange(of task: URLSessionTask, removing: Bool = false) -> Exchange? {
    lock.withLock {
      removing ? running.removeValue(forKey: task.taskIdentifier) : running[task.taskIdentifier]
    }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let accepted = exchange(of: dataTask)?.receive(response) ?? false
    completionHandler(accepted ? .allow : .cancel)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    exchange(of: dataTask)?.receive(data)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    exchange(of: task, removing: true)?.complete(error)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    completionHandler(nil)
  }
}

/// One request on the wire: its answer as it arrives, and the one way it ends, whichever
/// comes first: the transfer completes, the body passes its limit, the deadline passes,
/// or the caller cancels. Ending never waits for the transfer: the task is cancelled on
/// another queue, since on Linux `URLSessionTask.cancel()` can block behind a session
/// queue busy receiving (docs/HTTP.md, "A hostile server"), and the caller goes on at once.
final class Exchange: @unchecked Sendable {
  typealias Answer = (Foundation.Data, HTTPURLResponse)
  private typealias Ending = (
    CheckedContinuation<Answer, any Error>?, URLSessionTask?, Task<Void, Never>?
  )

  // Safe: every stored `var` is only read or written while holding `lock`; `limit` never
  // changes.
  private let lock = NSLock()
  private let limit: Int
  private var deadline: Task<Void, Never>?
  private var continuation: CheckedContinuation<Answer, any Error>?
  private var task: URLSessionTask?
  private var response: HTTPURLResponse?
  private var body = Foundation.Data()
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

  /// Where the outcome goes; at once if the exchange already ended (the caller was
  /// cancelled before it began).
  func report(to continuation: CheckedContinuation<Answer, any Error>) {
    let ended: Result<Answer, any Error>? = lock.withLock {
      if outcome == nil { self.continuation = continuation }
      return outcome
    }
    if let ended { continuation.resume(with: ended) }
  }

  /// Starts the transfer, unless the exchange already ended.
  func start(_ task: URLSessionDataTask, in exchanges: Exchanges) {
    let hasEnded = lock.withLock {
      if outcome == nil { self.task = task }
      return outcome != nil
    }
    guard !hasEnded else { return }
    exchanges.add(self, for: task)
    task.resume()
  }

  /// Ends the exchange as timed out once `duration` has passed on `clock`, unless it ended
  /// before.
  func end(after duration: Duration, on clock: any Clock<Duration>) {
    let timer = Task { [weak self] in
      do {
        try await clock.sleep(for: duration)
        self?.end(.failure(URLError(.timedOut)))
      } catch {}  // Cancelled: the exchange ended first.
    }
    let ended = lock.withLock {
      if outcome == nil { deadline = timer }
      return outcome != nil
    }
    if ended { timer.cancel() }
  }

  /// The headers have arrived: false if they already break the limit.
  func receive(_ response: URLResponse) -> Bool {
    guard let http = response as? HTTPURLResponse else {
      end(.failure(URLError(.badServerResponse)))
      return false
    }
    if http.expectedContentLength > Int64(limit)
      || http.allHeaderFields.count > BackendEndpoint.headerCountLimit
    {
      end(.failure(URLError(.dataLengthExceedsMaximum)))
      return false
    }
    lock.withLock { self.response = http }
    return true
  }

  /// More of the body, after any decoding: kept while within the limit.
  func receive(_ data: Foundation.Data) {
    let overLimit = lock.withLock {
      guard outcome == nil else { return false }
      guard body.count + data.count <= limit else { return true }
      body.append(data)
      return false
    }
    if overLimit { end(.failure(URLError(.dataLengthExceedsMaximum))) }
  }

  /// The transfer is over: the answer is whole, or the error says why not.
  func complete(_ error: (any Error)?) {
    if let error {
      end(.failure(error), transferIsOver: true)
      return
    }
    let answer: Answer? = lock.withLock { response.map { (body, $0) } }
    end(answer.map { .success($0) } ?? .failure(URLError(.badServerResponse)), transferIsOver: true)
  }

  /// The first outcome wins; the transfer, if it still runs, is abandoned.
  func end(_ result: Result<Answer, any Error>, transferIsOver: Bool = false) {
    let (continuation, task, timer) = lock.withLock {
      guard outcome == nil else { return (nil, nil, nil) as Ending }
      outcome = result
      body = Foundation.Data()
      defer {
        self.continuation = nil
        self.task = nil
        self.deadline = nil
      }
      return (self.continuation, self.task, self.deadline)
    }
    timer?.cancel()
    continuation?.resume(with: result)
    if let task, !transferIsOver {
      Self.aside { task.cancel() }
    }
  }
}
