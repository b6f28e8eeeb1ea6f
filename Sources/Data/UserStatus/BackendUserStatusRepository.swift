import Domain
import Foundation

/// The user's status, read from the payments backend through `UserStatusMapper`.
public struct BackendUserStatusRepository: UserStatusRepository {
  private let client: BackendClient

  public init(client: BackendClient) {
    self.client = client
  }

  public func fetchUserStatus() async throws -> UserStatus {
    try UserStatusMapper.userStatus(from: await client.send(.userStatus))
  }
}
