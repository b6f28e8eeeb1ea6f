import DataLayer
import Domain
import Foundation

/// 1,000 concurrent requests through the real `BackendClient` and `Session` meet an expired
/// token: exactly one refresh must go out, and every request must be answered.
enum SingleFlight {
  static let requests = 1000

  static func figures() async -> [Figure] {
    var refreshes: [Double] = []
    var answered: [Double] = []
    let milliseconds = await Rounds.median(5) {
      let backend = ExpiringTokenBackend()
      let (time, count) = await sendAll(backend: backend, token: "expired")
      refreshes.append(Double(await backend.refreshes.value))
      answered.append(Double(count))
      return time
    }
    // The floor: the same requests with a token that is still good, so no refresh at all.
    let floor = await Rounds.median(5) {
      await sendAll(backend: ExpiringTokenBackend(), token: ExpiringTokenBackend.fresh).0
    }
    return [
      Figure(
        section: "single flight", name: "refreshes for 1000 requests",
        value: refreshes.max() ?? .nan, unit: "refreshes", floorName: "one",
        floor: 1, goal: .equal),
      Figure(
        section: "single flight", name: "requests answered",
        value: answered.min() ?? .nan, unit: "requests", floorName: "requests sent",
        floor: Double(requests), goal: .equal),
      Figure(
        section: "single flight", name: "time for 1000 requests", value: milliseconds,
        unit: "ms", floorName: "the same with a valid token", floor: floor, goal: .none),
    ]
  }

  /// Sends `requests` concurrent requests with `token`: how long they took, in
  /// milliseconds, and how many were answered.
  private static func sendAll(backend: ExpiringTokenBackend, token: String) async -> (
    Double, Int
  ) {
    let client = BackendClient(
      backend: backend, session: Session(accessToken: Secret(token), refreshToken: Secret("r")),
      logger: SilentLog())
    var count = 0
    let time = await Rounds.milliseconds {
      count = await withTaskGroup(of: Bool.self) { group in
        for _ in 0..<requests {
          group.addTask { (try? await client.send(.wallet)) != nil }
        }
        return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
      }
    }
    return (time, count)
  }
}

/// A backend whose only valid token is the one its refresh hands out: every request with
/// another one gets 401, and it counts the refreshes.
struct ExpiringTokenBackend: PaymentsBackend {
  actor Counter {
    private(set) var value = 0
    func increment() { value += 1 }
  }

  let refreshes = Counter()
  static let fresh = "fresh"

  func send(_ request: BackendRequest) async throws -> BackendResponse {
    switch request.endpoint {
    case .refreshSession:
      await refreshes.increment()
      return BackendResponse(status: 200, body: Data(#"{"accessToken":"fresh"}"#.utf8))
    default:
      guard request.credential == .accessToken(Secret(Self.fresh)) else {
        return BackendResponse(status: 401, body: Data(#"{"code":"token_expired"}"#.utf8))
      }
      return BackendResponse(status: 200, body: Data(#"{"balance":1,"currency":"EUR"}"#.utf8))
    }
  }
}
