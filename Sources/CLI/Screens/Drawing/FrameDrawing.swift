import Presentation

/// The payment-methods screen drawn for a terminal, as one frame of text: what the
/// benchmark times to report the renderer's frames per second.
///
/// Not part of the CLI's API; visible only to a client that opts in to the `Benchmarks`
/// SPI.
@_spi(Benchmarks)
public struct FrameDrawing {
  private let snapshot: ScreenSnapshot
  private let renderer: ScreenRenderer

  /// A frame of `state`, `width` columns wide, in colour or not.
  @MainActor
  public init(_ state: PaymentMethodsViewModel.State, width: Int, colored: Bool) {
    snapshot = ScreenSnapshot(state)
    renderer = ScreenRenderer(palette: Palette(isEnabled: colored), width: width)
  }

  /// The frame's text, drawn anew on every call.
  public func draw() -> String {
    renderer.render(snapshot)
  }
}
