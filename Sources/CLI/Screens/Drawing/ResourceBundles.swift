import Foundation
import Presentation

/// Where the program's words are: the resource bundles SwiftPM puts beside the executable
/// (`<package>_<target>.resources` on Linux, `.bundle` on Apple platforms), which the
/// layers read through Foundation, as an app reads its own.
///
/// A program copied without them still shows every word, in English: the two layers'
/// English tables are compiled into this module, and read here by Foundation's
/// property-list reader. (`Bundle.module` would stop the program instead.)
enum ResourceBundles {
  /// The Presentation layer's words.
  static let presentation = source(
    "PaymentMethods_Presentation", english: PackageResources.Presentation_strings)
  /// The terminal's own words: the keys, the help.
  static let terminal = source("PaymentMethods_CLI", english: PackageResources.Terminal_strings)

  private static func source(_ name: String, english: [UInt8]) -> Phrasebook.Source {
    if let bundle = bundle(named: name) { return .bundle(bundle) }
    let table = try? PropertyListSerialization.propertyList(from: Data(english), format: nil)
    let words = table as? [String: String] ?? [:]
    return .lookup(languageCode: "en") { words[$0] }
  }

  /// The resource bundle called `name`, where SwiftPM and Xcode put it: beside the program,
  /// in the app's resources, or (under `swift test` on macOS, where the program is the
  /// test runner) beside the bundle that holds this code. Nil when it is in none.
  static func bundle(named name: String) -> Bundle? {
    let code = Bundle(for: CodeMarker.self)
    let places = [
      Bundle.main.resourceURL, Bundle.main.bundleURL, code.resourceURL, code.bundleURL,
      code.bundleURL.deletingLastPathComponent(),
    ]
    for place in places.compactMap({ $0 }) {
      for suffix in ["resources", "bundle"] {
        if let bundle = Bundle(url: place.appendingPathComponent(name + "." + suffix)) {
          return bundle
        }
      }
    }
    return nil
  }

  /// A class of this module, for `Bundle(for:)`.
  private final class CodeMarker {}
}
