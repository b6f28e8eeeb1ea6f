// The yardstick for the CLI process: a Swift program that imports Foundation and prints
// one JSON value, and nothing else.
import Foundation

let value: [String: String] = ["status": "loaded"]
if let data = try? JSONSerialization.data(withJSONObject: value),
  let text = String(data: data, encoding: .utf8)
{
  print(text)
}
