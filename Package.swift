// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Observables",
    products: [
        .library(name: "Observables", targets: ["Observables"])
    ],
    targets: [
        .target(
            name: "Observables",
            path: "Sources/Observable",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(
            name: "MallocStats",
            path: "Benchmarks/MallocStats"
        ),
        .executableTarget(
            name: "Benchmarks",
            dependencies: ["Observables", "MallocStats"],
            path: "Benchmarks/Benchmarks",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "ObservablesTests",
            dependencies: ["Observables"],
            path: "Tests/ObservablesTests",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
