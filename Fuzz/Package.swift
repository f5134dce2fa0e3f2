// swift-tools-version:5.9
// libFuzzer targets for the readers of untrusted input: trace files, PNG files, scene
// files, the command line, check's results files, references manifests and masks. Built only by `make fuzz` (with -sanitize=fuzzer,address,
// which gives them libFuzzer's main), never by `swift build` of the Strata package.
import PackageDescription

let package = Package(
    name: "StrataFuzz",
    dependencies: [.package(name: "Strata", path: "..")],
    targets: [
        .target(name: "FuzzDriver"),
        .executableTarget(name: "fuzz-trace", dependencies: ["FuzzDriver", .product(name: "StrataGestures", package: "Strata")]),
        .executableTarget(name: "fuzz-png", dependencies: ["FuzzDriver", .product(name: "StrataImage", package: "Strata")]),
        .executableTarget(name: "fuzz-scenefile", dependencies: ["FuzzDriver", .product(name: "StrataSceneFile", package: "Strata")]),
        .executableTarget(name: "fuzz-results", dependencies: ["FuzzDriver", .product(name: "StrataCompare", package: "Strata")]),
        .executableTarget(name: "fuzz-manifest", dependencies: ["FuzzDriver", .product(name: "StrataCompare", package: "Strata"),
                                                                .product(name: "StrataModel", package: "Strata")]),
        .executableTarget(name: "fuzz-masks", dependencies: ["FuzzDriver", .product(name: "StrataCompare", package: "Strata"),
                                                             .product(name: "StrataModel", package: "Strata")]),
        // The parser's own two files (symlinks into StrataCommandLine), so the target does
        // not link the renderer and the window the rest of the command needs.
        .executableTarget(name: "fuzz-arguments", dependencies: ["FuzzDriver", .product(name: "StrataDriver", package: "Strata"),
                                                                 .product(name: "StrataGestures", package: "Strata"),
                                                                 .product(name: "StrataModel", package: "Strata")]),
    ]
)
