import Foundation

/// How the files kept on the device are written: JSON with a format
/// version, and dates in ISO 8601 with milliseconds, so that a time read back is the time
/// written, to the millisecond, in any time zone.
public enum FileFormat {
  public static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(date.formatted(dateStyle))
    }
    return encoder
  }

  static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      guard let date = try? dateStyle.parse(text) else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "a date that is not ISO 8601")
      }
      return date
    }
    return decoder
  }

  private static let dateStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

  /// Decodes a file of `expected` format version, or says why it cannot: not JSON, no
  /// version, another version, or a shape that is not this version's.
  public static func decode<File: Decodable>(_: File.Type, version expected: Int, from data: Data)
    throws(SmallFile.Problem) -> File
  {
    let decoder = decoder()
    let version: Int?
    do {
      version = try decoder.decode(Versioned.self, from: data).version
    } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
      // Truncated, or never JSON at all.
      throw SmallFile.Problem(reason: "not JSON: \(context.debugDescription)")
    } catch {
      throw SmallFile.Problem(reason: "no readable format version: \(describe(error))")
    }
    guard let version else { throw SmallFile.Problem(reason: "no format version") }
    guard version == expected else {
      throw SmallFile.Problem(reason: "format version \(version), expected \(expected)")
    }
    do {
      return try decoder.decode(File.self, from: data)
    } catch {
      throw SmallFile.Problem(reason: "not in the shape of version \(expected): \(describe(error))")
    }
  }

  /// What is wrong, and where: "no value for cards[2].expiry".
  static func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    func path(_ context: DecodingError.Context) -> String {
      context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }
        .joined().drop { $0 == "." }.description
    }
    switch error {
    case .keyNotFound(let key, let context):
      let place = path(context)
      return "no \(key.stringValue)" + (place.isEmpty ? "" : " in \(place)")
    case .valueNotFound(_, let context): return "no value for \(path(context))"
    case .typeMismatch(_, let context): return "an unexpected value for \(path(context))"
    case .dataCorrupted(let context):
      let place = path(context)
      return context.debugDescription + (place.isEmpty ? "" : " (\(place))")
    @unknown default: return "\(error)"
    }
  }

  /// An id as the app's files keep it (a card's, a person's): 1 to 255 characters, none a
  /// control one.
  public static func isPlainText(_ text: String) -> Bool {
    !text.isEmpty && text.utf8.count <= 255
      && !text.unicodeScalars.contains { $0.properties.generalCategory == .control }
  }

  /// Every file's first question: which format version is this?
  private struct Versioned: Decodable {
    var version: Int?
  }
}
