import Foundation

/// The payments backend as the repositories see it: a request goes out, a status and a JSON
/// body come back, or the transport fails.
public protocol PaymentsBackend: Sendable {
  func send(_ endpoint: BackendEndpoint) async throws -> BackendResponse
}

public enum BackendEndpoint: String, Sendable, Equatable {
  case wallet = "GET /wallet"
  case cards = "GET /cards"
}

public struct BackendResponse: Sendable, Equatable {
  public var status: Int
  public var body: Foundation.Data

  public init(status: Int, body: Foundation.Data) {
    self.status = status
    self.body = body
  }
}

/// The request never got an answer.
public enum TransportError: Error, Equatable, Sendable {
  case offline
}
