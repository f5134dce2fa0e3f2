import Foundation
import Testing
import StrataModel
@testable import StrataRender
import StrataScenes
import StrataTestSupport

/// `scene` as it is drawn `time` seconds after the alert was presented.
func render(_ scene: AlertScene, at time: Double, renderer: Renderer? = nil) throws -> Image {
    scene.advance(to: time)
    let screen = scene.window.screen
    return try (renderer ?? makeRenderer()).render(layer: scene.presentationLayer,
                                                   pixelWidth: Int((screen.size.width * screen.scale).rounded()),
                                                   pixelHeight: Int((screen.size.height * screen.scale).rounded()),
                                                   scale: screen.scale)
}

/// An example's scene on an iPhone 8 at @2x.
func exampleScene(_ example: AlertExample, dark: Bool = false) throws -> AlertScene {
    var spec = example.specification
    if dark { try spec.setAppearance(word: "dark") }
    return try AlertScene(spec)
}
