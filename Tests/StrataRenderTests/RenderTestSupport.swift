import Foundation
import Testing
import StrataModel
@testable import StrataRender
import StrataScenes
import StrataTestSupport

func renderCarousel(angle: Double = 0, planes: Int = 5, scale: Double = 1,
                    configure: (CarouselScene) -> Void = { _ in }) throws -> Image {
    let scene = CarouselScene(planeCount: planes, angle: angle)
    configure(scene)
    return try makeRenderer().render(layer: scene.rootLayer, pixelWidth: Int(480 * scale),
                                     pixelHeight: Int(320 * scale), scale: scale)
}
