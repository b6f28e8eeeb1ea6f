import Domain
import Foundation

/// `GET /me/status`'s answer, read: the user's status, or whose session it is. Pure
/// functions of the answer, tested on bytes without a client.
enum UserStatusMapper {
  static func userStatus(from answer: BackendClient.ResponseInContext) throws(RequestFailure)
    -> UserStatus
  {
    let payload = try payload(of: answer)
    guard let status = UserStatus(rawValue: payload.status) else {
      throw RequestFailure(.malformedResponse, context: answer.context)
    }
    return status
  }

  /// The person the backend says the session is: plain text, as the device keeps files
  /// under it, or the answer is malformed.
  static func person(from answer: BackendClient.ResponseInContext) throws(RequestFailure)
    -> String
  {
    guard let person = try payload(of: answer).userId, FileFormat.isPlainText(person) else {
      throw RequestFailure(.malformedResponse, context: answer.context)
    }
    return person
  }

  private static func payload(of answer: BackendClient.ResponseInContext) throws(RequestFailure)
    -> UserStatusPayload
  {
    try answer.requireSuccess()
    return try answer.decode(UserStatusPayload.self)
  }
}
