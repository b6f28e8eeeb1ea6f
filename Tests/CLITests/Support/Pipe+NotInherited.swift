import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Pipe {
  /// A pipe whose ends no other program inherits. `PseudoTerminal` spawns without closing
  /// the test process's descriptors, and Foundation's pipes are not closed on exec: a
  /// program started meanwhile would hold a copy of the write end, and the reader would wait
  /// for an end that comes only when that program exits. (A run of the suite once stalled
  /// so: two tests reading such pipes held both of the pool's threads, and the tests that
  /// would have ended the holders could not run.) `Process` still gives its child the ends
  /// it is handed, duplicated onto 0, 1 and 2.
  static func notInherited() -> Pipe {
    let pipe = Pipe()
    for handle in [pipe.fileHandleForReading, pipe.fileHandleForWriting] {
      _ = fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC)
    }
    return pipe
  }
}
