import DataLayer

extension TransportError {
  /// The failure's name in scenario files (`{"transport": "cannotReachServer"}`) and the
  /// scripts the scenario server plays: the files were written before the glossary named
  /// two of them, and keep their spellings.
  var scenarioName: String {
    switch self {
    case .offline: "offline"
    case .timedOut: "timedOut"
    case .connectionLost: "connectionLost"
    case .serverUnreachable: "cannotReachServer"
    case .insecureConnection: "secureConnectionFailed"
    case .responseTooLarge: "responseTooLarge"
    case .cancelled: "cancelled"
    }
  }
}
