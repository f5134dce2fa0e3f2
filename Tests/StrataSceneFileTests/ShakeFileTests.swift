import Testing
import StrataDriver
import StrataGestures
import StrataModel
import StrataScenes
@testable import StrataSceneFile

/// Scenes/shake.scene.json is seed 004's form: every layer where the built-in scene puts
/// it, and a tap on a button adds the seed's keyframe shake to the layers it shakes.
@Suite struct ShakeFileTests {
    func both() throws -> (file: FileScene, builtIn: ShakeScene) {
        let size = ShakeScene.defaultViewSize
        let file = try #require(try shippedScene("shake").descriptor.makeScene(options: [:], viewSize: size) as? FileScene)
        let builtIn = try #require(try ShakeScene.descriptor.makeScene(options: [:], viewSize: size) as? ShakeScene)
        return (file, builtIn)
    }

    @Test func theFormIsTheSeeds() throws {
        let (file, builtIn) = try both()
        let titles: [Layer] = builtIn.viewController.buttonTitles, placeholders: [Layer] = builtIn.viewController.placeholderLayers
        for layer in builtIn.textFields + builtIn.buttons + titles + placeholders {
            let name = try #require(layer.name)
            let mine = try #require(file.layer(named: name), "\(name)")
            #expect(mine.bounds == layer.bounds && mine.position == layer.position, "\(name)")
            #expect(mine.backgroundColor == layer.backgroundColor && mine.borderColor == layer.borderColor, "\(name)")
            #expect(mine.borderWidth == layer.borderWidth && mine.cornerRadius == layer.cornerRadius, "\(name)")
            if let text = layer as? TextLayer, let t = mine as? TextLayer {
                #expect(t.string == text.string, "\(name)")
                #expect(t.foregroundColor == text.foregroundColor, "\(name)")
                #expect(t.style == text.style, "\(name)")
            }
        }
    }

    @Test(arguments: [ShakeScene.Button.shakeOne, .shakeAll, .shakeAllWithCompletion])
    func aTapShakesWhatTheSeedShakes(_ button: ShakeScene.Button) throws {
        let (file, builtIn) = try both()
        let p = builtIn.center(of: button)
        let tap: [InputEvent] = [.down(x: p.x, y: p.y, t: 0.1), .up(x: p.x, y: p.y, t: 0.15)]
        let a = SceneDriver(scene: file, events: tap), b = SceneDriver(scene: builtIn, events: tap)
        for frame in 0..<50 {
            let t = Double(frame) / 60
            a.step(to: t); b.step(to: t)
            let shown = builtIn.presentationLayer, mine = file.presentationLayer
            for name in ["usernameField", "passwordUnderline", "button.shake one", "button.shake all"] {
                #expect(mine.firstLayer(named: name)?.transform == shown.firstLayer(named: name)?.transform, "\(name) at frame \(frame)")
            }
        }
        #expect(file.tapCount == 1 && builtIn.tapCount == 1)
    }
}
