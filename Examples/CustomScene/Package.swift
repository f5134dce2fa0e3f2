// swift-tools-version:5.9
// A package of its own that brings one scene to Strata: the `card-strata` command (every
// `strata` command, for this scene too) and a Swift test that checks a recorded drag.
import PackageDescription

let package = Package(
    name: "CustomScene",
    dependencies: [.package(name: "Strata", path: "../..")],
    targets: [
        // The scene: plain layers and gesture recognizers, no GL.
        .target(name: "CardScene", dependencies: [
            .product(name: "StrataModel", package: "Strata"),
            .product(name: "StrataGestures", package: "Strata"),
            .product(name: "StrataDriver", package: "Strata"),
        ]),
        // `card-strata window card --record t.trace`, `card-strata check t.trace ...`.
        .executableTarget(name: "card-strata", dependencies: [
            "CardScene", .product(name: "StrataCommandLine", package: "Strata"),
        ]),
        .testTarget(name: "CardSceneTests", dependencies: [
            "CardScene", .product(name: "StrataTesting", package: "Strata"),
        ]),
    ]
)
