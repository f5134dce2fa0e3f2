import Foundation
import StrataModel
import StrataRender
import StrataScenes

/// `StrataBench --encoders`: PNG encode time and size for each filter and strategy at
/// level 1 on carousel frames, to choose the default encoder settings.
func encoderSurvey() throws {
    let renderer = try Renderer(surface: try makeOffscreenSurface())
    for (label, size, scale) in [("480x320", Size(width: 480, height: 320), 1.0), ("1920x1080", Size(width: 480, height: 270), 4.0)] {
        let scene = CarouselScene(viewSize: size)
        scene.angle = 30
        let image = try renderer.render(layer: scene.rootLayer, pixelWidth: Int(size.width * scale),
                                        pixelHeight: Int(size.height * scale), scale: scale)
        for level in [1, 2] {
            for filter in PNG.Options.Filter.allCases {
                for strategy in PNG.Options.Strategy.allCases {
                    let options = PNG.Options(compressionLevel: level, filter: filter, strategy: strategy)
                    var times: [Double] = []
                    var bytes = 0
                    for _ in 0..<9 {
                        let t0 = now()
                        bytes = try PNG.encode(image, options: options).count
                        times.append(now() - t0)
                    }
                    emit([("case", "encoder-\(label)"), ("level", level), ("filter", "\(filter)"), ("strategy", "\(strategy)"),
                          ("encode_ms_median", stats(times).median), ("png_bytes", bytes)])
                }
            }
        }
    }
}
