/// Lets a fixed number of tasks wait until all of them have arrived: the proof that work
/// runs concurrently, since one task waiting here alone would wait for ever.
public actor StartBarrier {
  private let parties: Int
  private var arrived = 0
  private var waiting: [CheckedContinuation<Void, Never>] = []

  public init(parties: Int) {
    self.parties = parties
  }

  public func arriveAndWait() async {
    arrived += 1
    if arrived == parties {
      for continuation in waiting { continuation.resume() }
      waiting.removeAll()
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }
}

/// A gate a test double waits at until the test opens it: lets a test hold a call in
/// flight, start another, and then decide how the first one ends.
public actor Gate {
  private var isOpen = false
  private var waiting: [CheckedContinuation<Void, Never>] = []
  private var arrivals = 0
  private var arrivalWaiters:
    [(id: Int, count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  private var nextWaiter = 0

  public init() {}

  /// Arrives, then waits until the gate is opened.
  public func pass() async {
    arrive()
    if isOpen { return }
    await withCheckedContinuation { waiting.append($0) }
  }

  /// Arrives without waiting: tells the test that a call got this far.
  public func arrive() {
    arrivals += 1
    let ready = arrivalWaiters.filter { $0.count <= arrivals }
    arrivalWaiters.removeAll { $0.count <= arrivals }
    for waiter in ready { waiter.continuation.resume() }
  }

  /// Returns once `count` callers have reached the gate, or once the waiting test is
  /// cancelled: a test past its time limit then goes on to fail, instead of waiting for
  /// ever for a caller that never comes.
  public func waitForArrivals(_ count: Int) async {
    if arrivals >= count { return }
    nextWaiter += 1
    let id = nextWaiter
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        // Cancelled before the wait began: the handler below found nothing to end.
        if Task.isCancelled { return continuation.resume() }
        arrivalWaiters.append((id, count, continuation))
      }
    } onCancel: {
      Task { await self.stopWaiting(id) }
    }
  }

  /// Whether a test waits for arrivals now.
  var isAwaitingArrivals: Bool { !arrivalWaiters.isEmpty }

  private func stopWaiting(_ id: Int) {
    guard let index = arrivalWaiters.firstIndex(where: { $0.id == id }) else { return }
    arrivalWaiters.remove(at: index).continuation.resume()
  }

  public func open() {
    isOpen = true
    for continuation in waiting { continuation.resume() }
    waiting.removeAll()
  }
}
