import CLI

// Runs with --backend-url go on in payment-methods-http, which is built beside this
// program. Only that one links URLSession: on Linux it comes with libcurl and some thirty
// more libraries, which every other run would load at start for nothing.
await PaymentMethodsCommand.main(serverAccess: .companion(named: "payment-methods-http"))
