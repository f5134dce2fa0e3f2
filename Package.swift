// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Strata",
    products: [
        .executable(name: "strata", targets: ["StrataCLI"]),
        .library(name: "StrataModel", targets: ["StrataModel"]),
        .library(name: "StrataRender", targets: ["StrataRender"]),
        // PNG and safe file writes without GL (the fuzz targets link it alone).
        .library(name: "StrataImage", targets: ["StrataImage"]),
        // Image comparison and check's files (results, manifests, masks); the fuzz targets read them.
        .library(name: "StrataCompare", targets: ["StrataCompare"]),
        .library(name: "StrataGestures", targets: ["StrataGestures"]),
        .library(name: "StrataDriver", targets: ["StrataDriver"]),
        .library(name: "StrataScenes", targets: ["StrataScenes"]),
        .library(name: "StrataReplay", targets: ["StrataReplay"]),
        .library(name: "StrataSceneFile", targets: ["StrataSceneFile"]),
        .library(name: "StrataTesting", targets: ["StrataTesting"]),
        // The whole `strata` command for a package's own scenes: StrataCommand.main(scenes:).
        .library(name: "StrataCommandLine", targets: ["StrataCommandLine"]),
        // QuartzCore's names (CALayer, CABasicAnimation, CATransform3D, CGColor, ...) over the engine.
        .library(name: "StrataQuartzCore", targets: ["StrataQuartzCore"]),
        // UIColor, UIFont and UIBezierPath, the UIKit types layer code leans on.
        .library(name: "StrataUIKitGraphics", targets: ["StrataUIKitGraphics"]),
        // assertSnapshot(of: CALayer) beside StrataTesting's assertions.
        .library(name: "StrataQuartzCoreTesting", targets: ["StrataQuartzCoreTesting"]),
    ],
    targets: [
        // C libraries from Debian, found through pkg-config. The GL platforms (OSMesa, EGL)
        // are not among them: StrataRender opens them with dlopen at run time, so the
        // package builds without their -dev packages and runs with either one installed.
        .systemLibrary(name: "CGLFW", path: "Sources/CGLFW", pkgConfig: "glfw3",
                       providers: [.apt(["libglfw3-dev"])]),
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),
        // Deflate and inflate of PNG image data, 2-3x zlib's speed at a smaller size.
        .systemLibrary(name: "CDeflate", path: "Sources/CDeflate", pkgConfig: "libdeflate",
                       providers: [.apt(["libdeflate-dev"])]),
        // Intel ISA-L's igzip: the fastest deflate on Debian, 6x libdeflate's level 1 on UI
        // frames for a file a third larger; frames written while replaying (docs/DEPENDENCIES.md).
        .systemLibrary(name: "CISAL", path: "Sources/CISAL", pkgConfig: "libisal",
                       providers: [.apt(["libisal-dev"])]),

        .systemLibrary(name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CFontconfig", path: "Sources/CFontconfig", pkgConfig: "fontconfig",
                       providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CCrypto", path: "Sources/CCrypto", pkgConfig: "libcrypto",
                       providers: [.apt(["libssl-dev"])]),

        // SHA-256 (OpenSSL's libcrypto): scene files named in traces, fonts in reference manifests.
        .target(name: "StrataDigest", dependencies: ["CCrypto", "StrataModel"], path: "Sources/StrataDigest"),

        .systemLibrary(name: "CHarfBuzz", path: "Sources/CHarfBuzz", pkgConfig: "harfbuzz",
                       providers: [.apt(["libharfbuzz-dev"])]),
        // Path coverage for shape layers: fill and stroke into 8-bit masks (docs/DEPENDENCIES.md).
        .systemLibrary(name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo",
                       providers: [.apt(["libcairo2-dev"])]),

        // PNG chunks written and 8-bit RGB(A) read with libdeflate; libpng for every other
        // kind of file, its longjmp errors wrapped so Swift sees messages.
        .target(name: "CPNGCodec", dependencies: ["CPNG", "CDeflate", "CISAL"], path: "Sources/CPNGCodec"),
        // JPEG contents images: libjpeg-turbo (docs/DEPENDENCIES.md), its longjmp errors
        // caught in C as libpng's are.
        .systemLibrary(name: "CJPEG", path: "Sources/CJPEG", pkgConfig: "libjpeg",
                       providers: [.apt(["libjpeg62-turbo-dev"])]),
        .target(name: "CJPEGCodec", dependencies: ["CJPEG"], path: "Sources/CJPEGCodec"),

        // A header of the compiler's prefetch builtin; nothing to link.
        .systemLibrary(name: "CPrefetch", path: "Sources/CPrefetch"),
        // Geometry and the layer tree: pure Swift, no GL.
        .target(name: "StrataModel", dependencies: ["CPrefetch"], path: "Sources/StrataModel"),

        // GLSL sources, embedded into the binary at build time; Shaders/ is the only copy.
        .target(name: "StrataShaders", path: "Shaders",
                exclude: ["README.md"],
                resources: [
                    .embedInCode("layer.vert"), .embedInCode("layer.frag"),
                    .embedInCode("shadow.frag"), .embedInCode("shadow-mask.frag"),
                    .embedInCode("composite.frag"),
                    .embedInCode("text.vert"), .embedInCode("text.frag"),
                    .embedInCode("curl.frag"), .embedInCode("backing.frag"),
                    .embedInCode("backdrop-downsample.frag"), .embedInCode("backdrop-blur.frag"),
                    .embedInCode("backdrop.frag"), .embedInCode("stack.frag"),
                    .embedInCode("floor.vert"), .embedInCode("floor.frag"),
                    .embedInCode("shape.frag"), .embedInCode("mask.frag"),
                    .embedInCode("prelude.glsl"),
                ]),

        // Image files: PNG encode/decode (libdeflate, libpng), atomic writes, the pipeline's error type.
        // No GL, so comparison and reference checks build and run without OSMesa or GLFW.
        .target(name: "StrataImage", dependencies: ["StrataModel", "CPNGCodec", "CJPEGCodec", "CDeflate"], path: "Sources/StrataImage"),

        // A shape layer's path filled and stroked into coverage masks (Cairo). No GL: the
        // model stays Cairo-free and the renderer only uploads what this draws.
        .target(name: "StrataShapes", dependencies: ["StrataModel", "CCairo"], path: "Sources/StrataShapes"),

        // GL loader, shader programs, compositor, offscreen surfaces. Re-exports StrataImage.
        .target(name: "StrataRender",
                dependencies: ["StrataModel", "StrataImage", "StrataShaders", "StrataText", "StrataShapes"],
                path: "Sources/StrataRender"),

        // The live window: the GLFW surface and its run loop (LiveWindow), the only code that
        // needs a display and libglfw, so the testing and replay libraries link neither.
        .target(name: "StrataWindow", dependencies: ["StrataRender", "StrataDriver", "StrataGestures", "CGLFW"],
                path: "Sources/StrataWindow"),

        // Fonts (fontconfig), shaping (HarfBuzz), glyph rasterising (FreeType), text layout
        // and the glyph atlas.
        .target(name: "StrataText", dependencies: ["StrataModel", "CFreeType", "CFontconfig", "CHarfBuzz"],
                path: "Sources/StrataText"),

        // Pointer events, gesture recognizers (pan, tap) and gesture trace files.
        .target(name: "StrataGestures", dependencies: ["StrataModel"], path: "Sources/StrataGestures"),

        // Frame comparison (pixelmatch-style), diff images, reference checks. Images only, no GL.
        .target(name: "StrataCompare", dependencies: ["StrataModel", "StrataImage", "StrataDigest"], path: "Sources/StrataCompare"),

        // The Scene protocol, scene descriptors with their declared options, and the one
        // frame loop (SceneDriver): what a package needs to bring its own scene. No GL.
        .target(name: "StrataDriver", dependencies: ["StrataModel", "StrataGestures"], path: "Sources/StrataDriver"),

        // Scenes described in JSON files (NAME.scene.json): a strict reader with line and
        // column, the layer tree, animations and gesture bindings, as a SceneDescriptor. No GL.
        .target(name: "StrataSceneFile", dependencies: ["StrataModel", "StrataDriver", "StrataGestures", "StrataImage", "StrataDigest"],
                path: "Sources/StrataSceneFile"),

        // UIKit's roles on top of layers: controllers, presentation, alerts, text fields.
        .target(name: "StrataUI", dependencies: ["StrataModel", "StrataText", "StrataGestures"], path: "Sources/StrataUI"),

        // The scenes of the seeds.
        .target(name: "StrataScenes", dependencies: ["StrataDriver", "StrataModel", "StrataGestures", "StrataText", "StrataUI",
                                                     "StrataImage"],
                path: "Sources/StrataScenes"),

        // Deterministic replay of traces into frames, and the live window's run loop.
        .target(name: "StrataReplay",
                dependencies: ["StrataModel", "StrataRender", "StrataDriver", "StrataGestures",
                               "StrataCompare", "StrataDigest", "StrataText"],
                path: "Sources/StrataReplay"),

        // One trace checked against its references: the one checker behind `strata check`
        // and assertFrames (masks, rules, hash checks, staged updates, layer trees, tracks).
        .target(name: "StrataCheck",
                dependencies: ["StrataModel", "StrataRender", "StrataImage", "StrataCompare", "StrataReplay"],
                path: "Sources/StrataCheck"),

        // Snapshot assertions for Swift Testing: assertSnapshot, assertFrames.
        .target(name: "StrataTesting",
                dependencies: ["StrataModel", "StrataRender", "StrataCompare", "StrataReplay", "StrataGestures",
                               "StrataDriver", "StrataCheck"],
                path: "Sources/StrataTesting"),

        // Every `strata` command (render, replay, window, check, compare, help), its one
        // declarative argument parser and generated help.
        .target(name: "StrataCommandLine",
                dependencies: ["StrataModel", "StrataRender", "StrataDriver", "StrataGestures",
                               "StrataCompare", "StrataReplay", "StrataWindow", "StrataSceneFile", "StrataText", "StrataCheck"],
                path: "Sources/StrataCommandLine"),

        // QuartzCore's API on Linux: iOS layer code compiles unchanged and renders here.
        .target(name: "StrataQuartzCore", dependencies: ["StrataModel", "StrataRender", "StrataImage", "StrataDriver", "StrataGestures"],
                path: "Sources/StrataQuartzCore"),
        .target(name: "StrataUIKitGraphics", dependencies: ["StrataQuartzCore", "StrataModel"]),
        .target(name: "StrataQuartzCoreTesting", dependencies: ["StrataQuartzCore", "StrataTesting", "StrataCompare", "StrataModel"]),
        // Layer code written as iOS code is written (docs/QUARTZCORE.md): each file compiles
        // unchanged in an iOS app; StrataQuartzCoreTests renders them against references.
        .target(name: "QuartzCodeExamples", dependencies: ["StrataUIKitGraphics"], path: "Examples/QuartzCode"),

        .executableTarget(name: "StrataCLI",
                          dependencies: ["StrataCommandLine", "StrataScenes"],
                          path: "Sources/StrataCLI"),
        .executableTarget(name: "StrataBench",
                          dependencies: ["StrataModel", "StrataRender", "StrataScenes", "StrataCompare", "StrataReplay"],
                          path: "Sources/StrataBench"),

        .testTarget(name: "StrataModelTests", dependencies: ["StrataModel"]),
        .testTarget(name: "StrataRenderTests", dependencies: ["StrataTestSupport", "StrataRender", "StrataModel", "StrataScenes"]),
        .testTarget(name: "StrataScenesTests", dependencies: ["StrataScenes", "StrataModel", "StrataGestures"]),
        // Helpers the test targets share: pixel probes, reference images, a renderer per
        // test, running the built `strata` binary. Not a product.
        .target(name: "StrataTestSupport", dependencies: ["StrataModel", "StrataRender", "StrataCompare", "StrataCommandLine", "StrataScenes"], path: "Tests/StrataTestSupport"),

        // Runs the built `strata` binary: exit codes, messages, files written.
        .testTarget(name: "StrataCLITests", dependencies: ["StrataTestSupport", "StrataRender", "StrataModel", "StrataDigest"]),
        .testTarget(name: "StrataReplayTests", dependencies: ["StrataTestSupport", "StrataReplay", "StrataWindow", "StrataRender", "StrataScenes", "StrataGestures", "StrataModel"]),
        .testTarget(name: "StrataTestingTests", dependencies: ["StrataTesting", "StrataTestSupport", "StrataScenes", "StrataSceneFile", "StrataModel", "StrataRender", "StrataCompare"]),
        .testTarget(name: "StrataUITests", dependencies: ["StrataTestSupport", "StrataUI", "StrataModel", "StrataText", "StrataGestures", "StrataRender", "StrataScenes"]),
        .testTarget(name: "StrataTextTests", dependencies: ["StrataTestSupport", "StrataText", "StrataModel", "StrataRender"]),
        .testTarget(name: "StrataGesturesTests", dependencies: ["StrataGestures", "StrataModel"]),
        .testTarget(name: "StrataSceneFileTests", dependencies: ["StrataSceneFile", "StrataImage", "StrataModel", "StrataDriver", "StrataGestures", "StrataScenes", "StrataDigest"]),
        .testTarget(name: "StrataQuartzCoreTests", dependencies: ["StrataQuartzCore", "StrataUIKitGraphics", "QuartzCodeExamples", "StrataQuartzCoreTesting", "StrataTestSupport", "StrataModel", "StrataRender"]),
        .testTarget(name: "StrataCompareTests", dependencies: ["StrataCompare", "StrataModel", "StrataImage", "StrataDigest"]),
    ]
)
