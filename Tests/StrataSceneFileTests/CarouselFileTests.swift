import Foundation
import Testing
import StrataDriver
import StrataGestures
import StrataModel
import StrataScenes
@testable import StrataSceneFile

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

func shippedScene(_ name: String) throws -> SceneFile {
    try SceneFile.load(path: packageRoot + "/Scenes/\(name).scene.json")
}

/// Every plane's transform, in order: what the carousel's frames are made of.
func planeTransforms(_ root: Layer) -> [Transform3D] {
    root.sublayers[0].sublayers.map(\.transform)
}

/// The largest difference of any element of any plane's transform.
func largestDifference(_ a: [Transform3D], _ b: [Transform3D]) -> Double {
    guard a.count == b.count else { return .infinity }
    return zip(a, b).map { x, y in zip(x.elements, y.elements).map { abs($0 - $1) }.max() ?? 0 }.max() ?? 0
}

/// Scenes/carousel.scene.json is the seed's carousel: the same tree, and the same tree
/// after every event of the shipped drags, with the options the built-in scene takes.
@Suite struct CarouselFileTests {
    func both(_ options: [String: TraceValue]) throws -> (file: Scene, builtIn: Scene) {
        let file = try shippedScene("carousel").descriptor.makeScene(options: options, viewSize: Size(width: 480, height: 320))
        let builtIn = try CarouselController.descriptor.makeScene(options: options, viewSize: Size(width: 480, height: 320))
        return (file, builtIn)
    }

    @Test(arguments: [0.0, 30, 47.5, -100, 1234.25])
    func theTreeAtRestIsTheSeeds(_ angle: Double) throws {
        let (file, builtIn) = try both(["angle": .number(angle)])
        #expect(planeTransforms(file.rootLayer) == planeTransforms(builtIn.rootLayer))
        let a = file.rootLayer.sublayers[0].sublayers[2], b = builtIn.rootLayer.sublayers[0].sublayers[2]
        #expect(a.frame == b.frame && a.bounds == b.bounds && a.position == b.position)
        #expect((a as? GradientLayer)?.colors == (b as? GradientLayer)?.colors)
        #expect(a.borderColor == b.borderColor && a.shadowRadius == 20 && a.cornerRadius == 10)
        #expect(file.statusDescription == builtIn.statusDescription)
    }

    @Test(arguments: [(3, 30.0), (7, 0), (1, 5)])
    func planeCountsTheSeedDividesEvenly(_ planes: Int, _ angle: Double) throws {
        // 360/7 is not whole: the file spaces 7 planes by 360/7 exactly, the seed by 51.
        let (file, builtIn) = try both(["planes": .number(Double(planes)), "angle": .number(angle)])
        #expect(file.rootLayer.sublayers[0].sublayers.count == planes)
        if 360 % planes == 0 {
            #expect(planeTransforms(file.rootLayer) == planeTransforms(builtIn.rootLayer))
        } else {
            #expect(planeTransforms(file.rootLayer)[0] == planeTransforms(builtIn.rootLayer)[0])
        }
    }

    /// Driven as the replay drives them, event by event and frame by frame. During a
    /// glide the angle is no longer a short binary fraction, and the seed adds 72 plane by
    /// plane where the file multiplies: the transforms then differ in their last bits
    /// (1e-13 of an element), far below a pixel; the angle shown is the same.
    @Test(arguments: [("carousel-drag", [String: TraceValue]()), ("carousel-flick", ["momentum": true]),
                      ("carousel-flick", ["snap": true]), ("carousel-drag", ["momentum": true, "snap": true])])
    func theShippedDragsTurnItTheSame(_ trace: String, _ options: [String: TraceValue]) throws {
        let (events, _) = try Trace.read(path: packageRoot + "/Traces/\(trace).trace")
        var merged = events.header.options
        merged.merge(options) { _, new in new }
        let (file, builtIn) = try both(merged)
        let a = SceneDriver(scene: file, events: events.events), b = SceneDriver(scene: builtIn, events: events.events)
        var frame = 0
        while frame < 60 * 8 {
            let t = Double(frame) / 60
            a.step(to: t); b.step(to: t)
            #expect(largestDifference(planeTransforms(file.rootLayer), planeTransforms(builtIn.rootLayer)) < 1e-12, "frame \(frame)")
            #expect(file.statusDescription == builtIn.statusDescription, "frame \(frame)")
            #expect(file.hasRunningAnimations == builtIn.hasRunningAnimations, "frame \(frame)")
            frame += 1
        }
        #expect(a.deliveredEventCount == events.events.count)
        if trace == "carousel-drag" && options.isEmpty { #expect(file.statusDescription == "angle: 20") }
    }
}

extension CarouselFileTests {
    /// The file lays out by {width} and {height}, so another --size gives the seed's tree
    /// at that size too.
    @Test func anotherViewSizeIsTheSeedsToo() throws {
        let size = Size(width: 640, height: 400)
        let file = try shippedScene("carousel").descriptor.makeScene(options: ["angle": 12.5], viewSize: size)
        let builtIn = try CarouselController.descriptor.makeScene(options: ["angle": 12.5], viewSize: size)
        #expect(planeTransforms(file.rootLayer) == planeTransforms(builtIn.rootLayer))
        let a = file.rootLayer.sublayers[0].sublayers[4], b = builtIn.rootLayer.sublayers[0].sublayers[4]
        #expect(a.frame == b.frame && file.rootLayer.bounds == builtIn.rootLayer.bounds)
        #expect(file.rootLayer.sublayers[0].frame == builtIn.rootLayer.sublayers[0].frame)
    }
}
