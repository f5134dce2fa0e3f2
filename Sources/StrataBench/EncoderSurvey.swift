import Foundation
import StrataModel
import StrataRender
import StrataScenes

/// `StrataBench --encoders`: PNG encode time and size for each filter, with libdeflate,
/// ISA-L and zlib (each strategy), at levels 1 and 2 on carousel frames, to choose the default
/// encoder settings.
func encoderSurvey() throws {
    let renderer = try Renderer(surface: try makeOffscreenSurface())
    let deflaters: [PNG.Options.Deflater] = [.libdeflate, .isal] + PNG.Options.Strategy.allCases.map { .zlib($0) }
    for (label, size, scale) in [("480x320", Size(width: 480, height: 320), 1.0), ("1920x1080", Size(width: 480, height: 270), 4.0)] {
        let scene = CarouselScene(viewSize: size)
        scene.angle = 30
        let image = try renderer.render(layer: scene.rootLayer, pixelWidth: Int(size.width * scale),
                                        pixelHeight: Int(size.height * scale), scale: scale)
        for level in [1, 2] {
            for filter in PNG.Options.Filter.allCases {
                for deflater in deflaters {
                    let options = PNG.Options(compressionLevel: level, filter: filter, deflater: deflater)
                    var times: [Double] = []
                    var bytes = 0
                    for _ in 0..<9 {
                        let t0 = now()
                        bytes = try PNG.encode(image, options: options).count
                        times.append(now() - t0)
                    }
                    let name: String
                    switch deflater {
                    case .libdeflate: name = "libdeflate"
                    case .isal: name = "isal"
                    case .zlib(let strategy): name = "zlib \(strategy)"
                    }
                    emit([("case", "encoder-\(label)"), ("level", level), ("filter", "\(filter)"), ("deflater", name),
                          ("encode_ms_median", stats(times).median), ("png_bytes", bytes)])
                }
            }
        }
    }
}
