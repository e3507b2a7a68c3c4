// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Observables",
    // Linux needs nothing more; Apple platforms need the Synchronization module.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Observables", targets: ["Observables"]),
        .library(name: "Fluxer", targets: ["Fluxer"]),
        .library(name: "FluxerTesting", targets: ["FluxerTesting"]),
        // What needs Foundation (`toBlocking()`, `decode`, `Date` <-> `RxTime`), kept out of
        // `Observables` so that an app's process does not load Foundation through us.
        .library(name: "ObservablesFoundation", targets: ["ObservablesFoundation"]),
    ],
    targets: [
        .target(
            name: "Observables",
            path: "Sources/Observable",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(
            name: "ObservablesFoundation",
            dependencies: ["Observables"],
            path: "Sources/ObservablesFoundation",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(
            name: "Fluxer",
            dependencies: ["Observables"],
            path: "Sources/Fluxer",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(
            name: "FluxerTesting",
            dependencies: ["Fluxer"],
            path: "Sources/FluxerTesting",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(
            name: "MallocStats",
            path: "Benchmarks/MallocStats"
        ),
        .executableTarget(
            name: "IdleMemory",
            dependencies: ["Fluxer"],
            path: "Benchmarks/IdleMemory",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "Benchmarks",
            dependencies: ["Observables", "Fluxer", "MallocStats"],
            path: "Benchmarks/Benchmarks",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // Test-only helpers shared by the test targets (a Swift Testing trait).
        .target(
            name: "TestSupport",
            path: "Tests/TestSupport",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "ObservablesTests",
            dependencies: ["Observables", "ObservablesFoundation", "TestSupport"],
            path: "Tests/ObservablesTests",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(
            name: "FileSearchCore",
            dependencies: ["Fluxer"],
            path: "Examples/FileSearchCore",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "FileSearch",
            dependencies: ["FileSearchCore", "Fluxer"],
            path: "Examples/FileSearch",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "Counter",
            dependencies: ["Fluxer"],
            path: "Examples/Counter",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "FileSearchTests",
            dependencies: ["FileSearchCore", "FileSearch", "Counter", "FluxerTesting", "TestSupport"],
            path: "Tests/FileSearchTests",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "ReadmeSnippetTests",
            dependencies: ["Fluxer", "FluxerTesting", "Observables"],
            path: "Tests/ReadmeSnippetTests",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "FluxerTests",
            dependencies: ["Fluxer", "TestSupport"],
            path: "Tests/FluxerTests",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "FluxerTestStoreTests",
            dependencies: ["FluxerTesting"],
            path: "Tests/FluxerTestStoreTests",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
