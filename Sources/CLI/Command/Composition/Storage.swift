import DataLayer
import DemoBackend
import Domain
import Foundation

/// Where a run keeps the local copy and the journal of pending changes, decided once:
/// `--no-cache` in memory with no journal; `--cache-dir DIR` both in DIR; against a server,
/// the XDG folders (`$XDG_CACHE_HOME`, `$XDG_STATE_HOME`, else under `HOME`; docs/CLI.md);
/// a scenario in memory with no journal, so that it plays the same on every run. Both are
/// the demo user's; a run's seed is put in the store before anything loads (`seed`).
struct Storage {
  /// A line for the developer log: where each is kept, and why there.
  struct Note {
    let level: LogLevel
    let text: String
  }

  /// The folder's name under the XDG folders.
  static let folderName = "payment-methods"
  /// The environment variables that place the folders, for the program to read.
  static let variableNames = ["HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"]

  private(set) var localCopy: any LocalCopyStore
  /// The local copy's files, when it is kept on files: where a damaged seed writes.
  private(set) var localCopyFiles: FileLocalCopyStore?
  /// The journal's folder; nil for a run without one: a change is not written down, and
  /// none is finished at the start.
  let journalDirectory: URL?
  /// Whose local copy and changes they are.
  let person = ScenarioBackend.demoUsername
  /// What `--verbose` says of them.
  private(set) var notes: [Note] = []
  /// Why a folder the run would keep them in cannot be used (a file, read-only, or one
  /// that cannot be made), a line each for stderr: the run then keeps what it held in
  /// memory, so that nothing is written where it cannot be taken back, and nothing kept
  /// there is shown or sent again.
  private(set) var unusableFolders: [String] = []
  /// A folder made for this run alone, removed when it ends (`removeTemporaryDirectory`).
  private(set) var temporaryDirectory: URL?

  init(_ options: CommandLineOptions, variables: [String: String]) {
    var cacheFolder: URL?
    var stateFolder: URL?
    /// Why a part has no folder.
    var why: String
    if options.noCache {
      (cacheFolder, stateFolder, why) = (nil, nil, " (--no-cache)")
    } else if let directory = options.cacheDirectory {
      cacheFolder = URL(fileURLWithPath: directory, isDirectory: true)
      (stateFolder, why) = (cacheFolder, "")
    } else if options.server != nil {
      let home = Self.absolute(variables["HOME"])
      cacheFolder = Self.folder(variables["XDG_CACHE_HOME"], else: home, ".cache")
      stateFolder = Self.folder(variables["XDG_STATE_HOME"], else: home, ".local/state")
      why = " (HOME is not set, or not an absolute path, and no XDG folder places it)"
      if home == nil, cacheFolder == nil || stateFolder == nil {
        notes.append(
          Note(
            level: .info,
            text: "HOME is not set, or not an absolute path: what no XDG folder places is "
              + "not kept on the device"))
      }
    } else {
      (cacheFolder, stateFolder, why) = (nil, nil, " (a scenario starts from its own)")
    }
    if let directory = options.cacheDirectory, let folder = cacheFolder {
      if let problem = Self.problem(with: folder) {
        unusableFolders.append(
          "--cache-dir \(directory) cannot be used (\(problem)): this run keeps its local copy "
            + "and changes in memory. Give --cache-dir a folder you can write to, or --no-cache "
            + "to keep nothing.")
        (cacheFolder, stateFolder, why) = (nil, nil, " (its folder cannot be used)")
      }
    } else {
      if let folder = cacheFolder, let problem = Self.problem(with: folder) {
        unusableFolders.append(
          "\(folder.path) cannot be used (\(problem)): this run keeps its local copy in memory. "
            + "Set XDG_CACHE_HOME to a folder you can write to, or give --no-cache.")
        (cacheFolder, why) = (nil, " (its folder cannot be used)")
      }
      if let folder = stateFolder, let problem = Self.problem(with: folder) {
        unusableFolders.append(
          "\(folder.path) cannot be used (\(problem)): this run keeps its changes in memory. "
            + "Set XDG_STATE_HOME to a folder you can write to, or give --no-cache.")
        (stateFolder, why) = (nil, " (its folder cannot be used)")
      }
    }
    if let cacheFolder {
      let files = FileLocalCopyStore(directory: cacheFolder)
      (localCopy, localCopyFiles) = (files, files)
    } else {
      (localCopy, localCopyFiles) = (InMemoryLocalCopyStore(), nil)
    }
    journalDirectory = stateFolder
    let journal = stateFolder.map {
      "the journal of pending changes is kept in "
        + $0.appendingPathComponent(FilePendingChangeStore.folderName).path + "/"
    }
    notes += [
      Note(
        level: .debug,
        text: "the local copy is kept " + place(of: localCopyFiles)
          + (localCopyFiles == nil ? why : "")),
      Note(level: .debug, text: journal ?? "no journal of pending changes is kept" + why),
    ]
  }

  /// "in /home/ada/.cache/payment-methods/saved-list-demo.json", or "in memory".
  private func place(of files: FileLocalCopyStore?) -> String {
    guard let file = files?.file(person: person) else { return "in memory" }
    return "in " + file.path
  }

  /// Why `folder` cannot hold the files, or nil when it can: it is made, for its owner only,
  /// when missing.
  private static func problem(with folder: URL) -> String? {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) {
      guard isFolder.boolValue else { return "it is not a folder" }
      return FileManager.default.isWritableFile(atPath: folder.path) ? nil : "it is read-only"
    }
    do {
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      return nil
    } catch {
      return "it cannot be made: " + whyNotMade(folder)
    }
  }

  /// Why a folder could not be made, in the app's words, found by looking at its path (not
  /// in the platform's error, whose text names its own domain and codes): the nearest
  /// folder on the path that exists is a file, or takes no new folders.
  private static func whyNotMade(_ folder: URL) -> String {
    var parent = folder.deletingLastPathComponent()
    var isFolder: ObjCBool = false
    while !FileManager.default.fileExists(atPath: parent.path, isDirectory: &isFolder),
      parent.path != "/", !parent.path.isEmpty
    {
      parent = parent.deletingLastPathComponent()
    }
    guard isFolder.boolValue else { return "\(parent.path) is a file, not a folder" }
    guard FileManager.default.isWritableFile(atPath: parent.path) else {
      return "\(parent.path) is a folder you may not write to"
    }
    return "the system makes no folder in \(parent.path)"
  }

  /// `XDG_…/payment-methods`, else `HOME/fallback/payment-methods`; nil with neither.
  private static func folder(_ xdg: String?, else home: URL?, _ fallback: String) -> URL? {
    let base = absolute(xdg) ?? home?.appendingPathComponent(fallback, isDirectory: true)
    return base?.appendingPathComponent(folderName, isDirectory: true)
  }

  /// The path, when it is one the XDG spec lets a program use: absolute, not empty.
  private static func absolute(_ path: String?) -> URL? {
    guard let path, path.hasPrefix("/") else { return nil }
    return URL(fileURLWithPath: path, isDirectory: true)
  }
}

extension Storage {
  /// Puts the local copy the run starts with (a scenario's, or `--saved-list`) in the store,
  /// saved `age` before `now`, before anything loads. A damaged seed writes its bytes where
  /// the file store keeps the person's list; in a run that keeps it in memory, in a folder
  /// made for the run. A seed that cannot be put there is logged, and the run goes on
  /// without it.
  mutating func seed(_ seed: LocalCopySeed?, now: Date) async {
    guard let seed else { return }
    do {
      if let list = seed.localCopy(now: now) {
        try await localCopy.save(list, person: person)
      } else {
        try writeDamagedFile()
      }
      notes.append(Note(level: .debug, text: "the seeded local copy is on the device"))
    } catch {
      notes.append(
        Note(
          level: .warning,
          text: "the seeded local copy could not be put on the device: "
            + Self.describe(error)))
    }
  }

  private mutating func writeDamagedFile() throws {
    if localCopyFiles == nil {
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "payment-methods-\(UUID().uuidString.lowercased())", isDirectory: true)
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      temporaryDirectory = folder
      let files = FileLocalCopyStore(directory: folder)
      (localCopy, localCopyFiles) = (files, files)
      notes.append(
        Note(
          level: .debug,
          text: "the seeded damaged local copy is kept " + place(of: files)
            + ", for this run alone"))
    }
    guard let file = localCopyFiles?.file(person: person) else { return }
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    try LocalCopySeed.damagedBytes.write(to: file, options: .atomic)
  }

  /// "Permission denied": what a failed file operation says, without Foundation's wrapping.
  private static func describe(_ error: any Error) -> String {
    let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
    return (underlying ?? error as NSError).localizedDescription
  }

  /// Removes the folder made for this run, if one was.
  func removeTemporaryDirectory() {
    guard let temporaryDirectory else { return }
    try? FileManager.default.removeItem(at: temporaryDirectory)
  }
}
