#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How many files the program may have open at once (`ulimit -n`): a run opens a dozen at
/// most (the terminal, a log file, the local copy and the journal, two connections and the
/// HTTP stack's own), but Dispatch and FoundationNetworking stop the process with a trap
/// (SIGILL, exit 132) when one they need cannot be opened, below anything the program can
/// catch. So the limit is checked as the program starts, before anything opens one: a soft
/// limit under `needed` is raised to it where the hard limit allows, as any process may;
/// otherwise the run is refused, with one line and exit 71 (`ExitCode.tooFewOpenFiles`).
enum OpenFilesLimit {
  /// What a run asks for: more than twice the most any run was seen to need (10, over HTTP
  /// with a --cache-dir).
  static let needed = 32

  /// Raises the soft limit where it is under `needed` and the hard limit allows; the line
  /// that refuses the run where it does not.
  static func ensure() -> String? {
    var limit = rlimit()
    guard getrlimit(resource, &limit) == 0 else { return nil }
    let wanted = rlim_t(needed)
    guard limit.rlim_cur != unlimited, limit.rlim_cur < wanted else { return nil }
    if limit.rlim_max == unlimited || limit.rlim_max >= wanted {
      var raised = limit
      raised.rlim_cur = wanted
      if setrlimit(resource, &raised) == 0 { return nil }
    }
    let most = limit.rlim_max == unlimited ? limit.rlim_cur : limit.rlim_max
    return "payment-methods: only \(most) files may be open at once, and it needs \(needed): "
      + "raise the limit (ulimit -n \(needed)) and try again"
  }

  #if canImport(Glibc)
    private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    /// RLIM_INFINITY, `(rlim_t) -1`, which Swift does not import.
    private static let unlimited = rlim_t.max
  #else
    private static let resource = RLIMIT_NOFILE
    private static let unlimited = RLIM_INFINITY
  #endif
}
