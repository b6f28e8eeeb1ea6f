import Domain

/// Whose session the run has, asked of the backend at the start.
extension AppComposition {
  /// The person the backend names (`BackendClient.signedInPerson`), held to the screen's
  /// deadline as every source of the first screen is: a server that stalls, trickles its
  /// answer or floods it cannot hold the start longer than `deadline`. Past it the person
  /// is not known, and the run keeps nothing on the device (`keep(for:)`); said once in the
  /// developer log.
  func signedInPersonWithinDeadline() async -> String? {
    do {
      return try await Deadline(deadline, clock: environment.clock).call { [client] in
        let person = await client.signedInPerson()
        // Cancelled by the deadline: what it returned is not an answer.
        try Task.checkCancellation()
        return person
      }
    } catch is DeadlineExceeded {
      logger.log(
        .warning,
        "whose session this is was not known within the screen's deadline "
          + "(\(LogFormat.milliseconds(deadline))); nothing kept on the device is used")
      return nil
    } catch {
      return nil  // Cancelled: the run is stopping, and says so itself.
    }
  }
}
