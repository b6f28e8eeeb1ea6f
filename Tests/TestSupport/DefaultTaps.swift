import Domain

extension MakeDefaultUseCase.Tap {
  /// Why the tap was refused; nil when it sends.
  public var refusal: DefaultRefusal? {
    guard case .refused(let refusal) = self else { return nil }
    return refusal
  }

  /// The backend's answer to the tap, its request sent now; nil when it was refused.
  public func answer() async throws -> MakeDefaultOutcome? {
    guard case .send(let send) = self else { return nil }
    return try await send()
  }
}
