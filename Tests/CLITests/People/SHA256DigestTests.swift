import Testing

@testable import CLI

@Suite("SHA-256, as a session's name on the device", .timeLimit(.minutes(1)))
struct SHA256DigestTests {
  @Test(
    "the digest of the standard's test messages is the standard's",
    arguments: [
      ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
      ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
      (
        "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
      ),
    ])
  func standardVectors(message: String, digest: String) {
    #expect(SHA256Digest.hex(of: message) == digest)
  }

  @Test("a message of a million bytes, over many blocks, gives the standard's digest")
  func millionBytes() {
    let message = String(repeating: "a", count: 1_000_000)

    #expect(
      SHA256Digest.hex(of: message)
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test("messages of 55 and 56 bytes, either side of the padding's edge, differ as they should")
  func paddingEdge() {
    #expect(
      SHA256Digest.hex(of: String(repeating: "a", count: 55))
        == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
    #expect(
      SHA256Digest.hex(of: String(repeating: "a", count: 56))
        == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
  }
}
