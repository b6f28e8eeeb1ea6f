import Domain
import Foundation

@testable import DataLayer

/// What a mapper reads: a response of `endpoint`, its status and bytes, with the context the
/// client records from them (`BackendClient.record`), as a repository gets it from `send`.
func response(
  _ status: Int, _ body: String, to endpoint: BackendEndpoint
) -> BackendClient.ResponseInContext {
  let received = BackendResponse(status: status, body: Foundation.Data(body.utf8))
  var context = ErrorContext(operation: endpoint.rawValue, traceID: "\(endpoint)-1")
  BackendClient.record(received, in: &context, now: Date(timeIntervalSince1970: 0))
  return BackendClient.ResponseInContext(response: received, context: context)
}
