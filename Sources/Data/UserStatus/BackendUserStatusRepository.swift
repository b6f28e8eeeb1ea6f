import Domain
import Foundation

/// The user's status, read from the payments backend.
public struct BackendUserStatusRepository: UserStatusRepository {
  private let client: BackendClient

  public init(client: BackendClient) {
    self.client = client
  }

  public func fetchUserStatus() async throws -> UserStatus {
    let answer = try await client.send(.userStatus)
    guard (200..<300).contains(answer.response.status) else {
      throw RequestFailure(.unexpectedAnswer, context: answer.context)
    }
    let payload = try answer.decode(UserStatusPayload.self)
    guard let status = UserStatus(rawValue: payload.status) else {
      throw RequestFailure(.malformedResponse, context: answer.context)
    }
    return status
  }
}

extension BackendClient.ResponseInContext {
  /// Decodes the body; a body that does not decode is a malformed response, with the
  /// decoding error kept as its cause.
  func decode<Payload: Decodable>(_ type: Payload.Type) throws(RequestFailure) -> Payload {
    do {
      return try JSONDecoder().decode(type, from: response.body)
    } catch {
      var context = context
      context.underlying = error
      throw RequestFailure(.malformedResponse, context: context)
    }
  }
}
