@_spi(Benchmarks) import CLI
import Domain
import Presentation

/// Frames per second of the terminal renderer for the loaded payment-methods screen, next
/// to the floor: the same frame's text joined from lines made beforehand, which is what
/// writing a frame costs without laying it out.
enum Rendering {
  @MainActor
  static func figures() async -> [Figure] {
    let viewModel = PaymentMethodsViewModel(
      loadMethods: Throughput.useCase.execute, logger: SilentLog())
    await viewModel.load().value
    let drawing = FrameDrawing(viewModel.state, width: 50, colored: true)
    let lines = drawing.draw().split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    // What each frame adds up to, so that no frame is left unmade.
    var bytes = 0
    var frames: [Double] = []
    var floors: [Double] = []
    for _ in 0..<Rounds.count {
      frames.append(await Rounds.rate { bytes &+= drawing.draw().utf8.count })
      floors.append(await Rounds.rate { bytes &+= lines.joined(separator: "\n").utf8.count })
    }
    return [
      Figure(
        section: "rendering", name: "frames/s, the loaded screen (50 columns, colour)",
        value: Rounds.median(of: frames), unit: "frames/s",
        floorName: "the same frame joined from ready lines", floor: Rounds.median(of: floors),
        goal: .none)
    ]
  }
}
