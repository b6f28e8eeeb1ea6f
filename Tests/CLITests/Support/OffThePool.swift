import Foundation

/// Runs `work`, which blocks (a semaphore, a pipe read to its end, a process's exit), on a
/// thread of its own, and awaits what it returns. Async tests share a few threads (two, on
/// a two-core machine), and so does everything the platform runs on Dispatch's global
/// queues, a process's end and a pipe's data included: a wait held on one of them starves
/// the rest, until a run stalls while each wait waits for what the other holds up.
func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    Thread { continuation.resume(returning: work()) }.start()
  }
}

/// `offThePool` for work that throws.
func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try work() }) }.start()
  }
}
