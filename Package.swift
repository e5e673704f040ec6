// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Peach",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "peach", targets: ["peach"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    ],
    targets: [
        // System libraries, each behind its own small module (pkg-config finds the Debian -dev packages).
        .systemLibrary(name: "CFluidSynth", pkgConfig: "fluidsynth", providers: [.apt(["libfluidsynth-dev"])]),
        .systemLibrary(name: "CAlsa", pkgConfig: "alsa", providers: [.apt(["libasound2-dev"])]),
        .systemLibrary(name: "CUdev", pkgConfig: "libudev", providers: [.apt(["libudev-dev"])]),
        // The training domain: music types, strategies, profile, sessions, ports. Imports no C library.
        .target(
            name: "PeachDomain",
            dependencies: [
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Training history: the SQLite store (GRDB) and the CSV interchange format of the iOS app.
        .target(
            name: "PeachStorage",
            dependencies: [
                "PeachDomain",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // YAML with locations: typed reading of a YAML document whose errors say FILE:LINE:COLUMN.
        // General (mapping files, the configuration file); depends on Yams only.
        .target(
            name: "PeachYAML",
            dependencies: [
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        // MIDI controllers: the ALSA sequencer client, mapping files, the mapper and its gestures.
        .target(
            name: "PeachMIDI",
            dependencies: [
                "PeachDomain",
                "PeachYAML",
                "CAlsa",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The `peach` command tree; kept in a library so its parsing is testable.
        .target(
            name: "PeachCLI",
            dependencies: [
                "PeachDomain",
                "PeachStorage",
                "PeachMIDI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "peach",
            dependencies: ["PeachCLI"]
        ),
        // `make bench`: prints the figures the issues ask for.
        .executableTarget(
            name: "peach-bench",
            dependencies: ["PeachDomain", "PeachStorage", "PeachMIDI", "CAlsa"]
        ),
        .testTarget(
            name: "PeachDomainTests",
            dependencies: ["PeachDomain"]
        ),
        // Used by the storage crash test: writes answers until it is killed.
        .executableTarget(
            name: "peach-crash-writer",
            dependencies: ["PeachStorage", "PeachDomain"]
        ),
        .testTarget(
            name: "PeachStorageTests",
            dependencies: ["PeachStorage", "PeachDomain", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "PeachYAMLTests",
            dependencies: ["PeachYAML"]
        ),
        .testTarget(
            name: "PeachMIDITests",
            dependencies: ["PeachMIDI", "PeachDomain", "PeachYAML", "CAlsa"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "PeachCLITests",
            dependencies: [
                "PeachCLI",
                "PeachStorage",
                "PeachDomain",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
