import CLI
import Foundation
import URLSessionBackend

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// payment-methods with an HTTP client: the program that `--backend-url` runs go on in.
// It runs every other command line the same way too.
await PaymentMethodsCommand.main(
  serverAccess: .linked { baseURL, limits in
    URLSessionPaymentsBackend(
      baseURL: baseURL, requestTimeout: limits.idle, requestDeadline: limits.whole)
  })
