import Domain
import Foundation

@testable import DataLayer

/// What a mapper reads: one answer of `endpoint`, its status and bytes, with the context the
/// client records from them (`BackendClient.record`), as a repository gets it from `send`.
func answer(
  _ status: Int, _ body: String, to endpoint: BackendEndpoint
) -> BackendClient.ResponseInContext {
  let response = BackendResponse(status: status, body: Foundation.Data(body.utf8))
  var context = ErrorContext(operation: endpoint.rawValue, traceID: "\(endpoint)-1")
  BackendClient.record(response, in: &context, now: Date(timeIntervalSince1970: 0))
  return BackendClient.ResponseInContext(response: response, context: context)
}
