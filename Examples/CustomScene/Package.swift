// swift-tools-version:5.9
// A package of its own that brings its scenes to Strata: the `card-strata` command (every
// `strata` command, for these scenes too) and Swift tests that check recorded drags.
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
        // Scenes/cards.scene.json's screen written in Swift, its photo bundled as an app's is.
        .target(name: "CardsScreen", dependencies: [
            .product(name: "StrataModel", package: "Strata"),
            .product(name: "StrataGestures", package: "Strata"),
            .product(name: "StrataDriver", package: "Strata"),
            .product(name: "StrataImage", package: "Strata"),
        ], resources: [.copy("Resources/photo.jpg")]),
        // `card-strata window card --record t.trace`, `card-strata check t.trace ...`.
        .executableTarget(name: "card-strata", dependencies: [
            "CardScene", "CardsScreen", .product(name: "StrataCommandLine", package: "Strata"),
        ]),
        .testTarget(name: "CardSceneTests", dependencies: [
            "CardScene", "CardsScreen", .product(name: "StrataTesting", package: "Strata"),
            // The twin's test loads the scene file and renders both itself.
            .product(name: "StrataSceneFile", package: "Strata"),
            .product(name: "StrataReplay", package: "Strata"),
            .product(name: "StrataRender", package: "Strata"),
            .product(name: "StrataCompare", package: "Strata"),
        ]),
    ]
)
