// swift-tools-version: 6.2
import PackageDescription

// The products most targets take, by a short name.
let logging: Target.Dependency = .product(name: "Logging", package: "swift-log")
let argumentParser: Target.Dependency = .product(name: "ArgumentParser", package: "swift-argument-parser")
let serviceLifecycle: Target.Dependency = .product(name: "ServiceLifecycle", package: "swift-service-lifecycle")

/// How the two programs the box runs are linked: with LLVM's linker, exporting no symbols (the
/// static standard library's arguments export every object file's, which also keeps all their code
/// from the linker's garbage collection) and with packed relative relocations (the relocation
/// records read at every start: 2.7 MB become 22 KB).
let leanProgram: [LinkerSetting] = [
    .unsafeFlags(["-use-ld=lld", "-Xlinker", "--no-export-dynamic", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"]),
]

// The dashboard's routes in-process (HummingbirdTesting's router client), over real SQLite
// histories: no server, no socket, no built program. PeachProgramTests keep the end-to-end checks.
// `make arm64-check` leaves them out (PEACH_WITHOUT_HTTP_CLIENT_TESTS): HummingbirdTesting's client,
// AsyncHTTPClient, brings BoringSSL, whose 283 C++ files alone take over an hour under qemu-user.
let webTests: [Target] = Context.environment["PEACH_WITHOUT_HTTP_CLIENT_TESTS"] != nil ? [] : [
    .testTarget(
        name: "PeachWebTests",
        dependencies: [
            "PeachWeb", "PeachConfig", "PeachReports", "PeachStorage", "PeachDomain", "PeachText",
            "PeachTestSupport", .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdTesting", package: "hummingbird"), logging,
        ]
    ),
]

let package = Package(
    name: "Peach",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "peach", targets: ["peach"]),
        // The dashboard's own program, which `peach web` hands over to: without the sound, MIDI,
        // speech and udev layers and the C libraries they bring, it stays small in memory.
        .executable(name: "peach-web", targets: ["peach-web"]),
        .executable(name: "peach-soundfont", targets: ["peach-soundfont"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/apple/swift-atomics", from: "1.2.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        // Without the default trait ConfigurationSupport: Peach does not read swift-configuration, and
        // building it cost about 90 s of a clean debug build here (421 -> 328 s from a fresh clone).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: ["FullFoundation"]),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
        // The import form's multipart/form-data parser (untrusted uploads: a kept parser, not our own).
        .package(url: "https://github.com/vapor/multipart-kit", from: "4.7.1"),
    ],
    targets: [
        // System libraries, each behind its own small module (pkg-config finds the Debian -dev packages).
        .systemLibrary(name: "CFluidSynth", pkgConfig: "fluidsynth", providers: [.apt(["libfluidsynth-dev"])]),
        // GLib, which FluidSynth's libinstpatch loader logs through: to keep its messages about a
        // file that is no SoundFont off the terminal (Peach says what is wrong in words).
        .systemLibrary(name: "CGLib", pkgConfig: "glib-2.0", providers: [.apt(["libglib2.0-dev"])]),
        .systemLibrary(name: "CAlsa", pkgConfig: "alsa", providers: [.apt(["libasound2-dev"])]),
        .systemLibrary(name: "CUdev", pkgConfig: "libudev", providers: [.apt(["libudev-dev"])]),
        .systemLibrary(name: "CEspeak", pkgConfig: "espeak-ng", providers: [.apt(["libespeak-ng-dev"])]),
        // The training domain: music types, strategies, profile, sessions, ports. Imports no C library.
        .target(
            name: "PeachDomain",
            dependencies: [logging],
            // Optimised in debug builds too: the measurement's simulation tests fit thousands of
            // simulated players, 20–50 times slower unoptimised.
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]
        ),
        // The texts of every language: one table per language (resources `Texts/en.json`, `Texts/de.json`),
        // placeholders filled with numbers formatted for the language. Foundation and swift-log only.
        .target(
            name: "PeachText",
            dependencies: ["PeachDomain", logging],
            resources: [.copy("Texts")]
        ),
        // Training history: the SQLite store (GRDB) and the CSV interchange format of the iOS app.
        .target(
            name: "PeachStorage",
            dependencies: [
                "PeachDomain",
                "PeachText",
                .product(name: "GRDB", package: "GRDB.swift"),
                // sqlite3_file_control: the writer keeps its -wal and -shm (see ReadOnlySnapshot)
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                logging,
            ]
        ),
        // Sound cards appearing and going away, from udev (identity and removal of the audio output).
        .target(
            name: "PeachUdev",
            dependencies: ["CUdev", logging]
        ),
        // The practice box's behaviour: which session runs, controller actions, hotplug and audio-loss
        // reactions, feedback cues, the status line and the computer-keyboard controller. No C library.
        .target(
            name: "PeachPractice",
            dependencies: ["PeachDomain", "PeachText", "PeachConfig", logging]
        ),
        // YAML with locations: typed reading of a YAML document whose errors say FILE:LINE:COLUMN.
        // General (mapping files, the configuration file); its problems are said through PeachText's tables.
        .target(
            name: "PeachYAML",
            dependencies: ["PeachText", .product(name: "Yams", package: "Yams")]
        ),
        // The configuration file: reading with located errors, printing with origins, live reload.
        .target(
            name: "PeachConfig",
            dependencies: ["PeachDomain", "PeachText", "PeachYAML"]
        ),
        // Tells the kernel, as the program loads, that its own pages are read at random (`ProgramPages`),
        // and turns transparent huge pages off (`HugePages`).
        .target(name: "PeachProgramPages"),
        // posix_spawn with the GNU extensions Swift's Glibc does not show (pipe2, closefrom).
        .target(name: "PeachSpawn"),
        // SIGHUP, SIGINT and SIGTERM held from the program's first code (.preinit_array), so that no
        // moment of `peach run`'s start dies of them. Linked into the `peach` program only.
        .target(name: "PeachHeldSignals"),
        // Sound: the exact-pitch FluidSynth voice engine, its outputs (ALSA PCM, WAV file), the per-key
        // calibration of SoundFonts and the pitch estimator that proves it.
        // The voice resampler's inner loop in C: vectorised by the compiler, for SSE2 (NEON) and for
        // AVX2, the faster on this machine chosen at run time (`SincKernel.Loop`).
        // Optimised in debug builds too, for the same reason as PeachSound.
        .target(
            name: "PeachResampler",
            cSettings: [.unsafeFlags(["-O3"])]
        ),
        // The output's float to 16-bit conversion in C, vectorised by the compiler.
        .target(
            name: "PeachSampleFormat",
            cSettings: [.unsafeFlags(["-O3"])]
        ),
        .target(
            name: "PeachSound",
            dependencies: [
                "PeachDomain", "PeachText", "PeachResampler", "PeachSampleFormat", "CFluidSynth", "CGLib", "CAlsa",
                .product(name: "Atomics", package: "swift-atomics"), logging,
            ],
            // Optimised in debug builds too: the system tests play the debug build's render in an
            // emulated guest, where an unoptimised render falls behind real time on a loaded host.
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]
        ),
        // MIDI controllers: the ALSA sequencer client, mapping files, the mapper and its gestures.
        .target(
            name: "PeachMIDI",
            dependencies: ["PeachDomain", "PeachYAML", "PeachText", "CAlsa", logging]
        ),
        // Spoken prompts: eSpeak NG synthesis to 48 kHz samples the sound engine mixes in.
        .target(
            name: "PeachSpeech",
            dependencies: ["PeachDomain", "CEspeak", "PeachSpawn"],
            // Optimised in debug builds too: unoptimised, resampling a prompt took seconds in the
            // emulated system-test guest and starved the audio thread while the prompts were made.
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]
        ),
        // The dashboard: an HTTP server (Hummingbird) with Mustache pages, SVG charts and the
        // access token. Its own target so that the other commands stay light.
        .target(
            name: "PeachWeb",
            dependencies: [
                "PeachConfig", "PeachDomain", "PeachStorage", "PeachText",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "MultipartKit", package: "multipart-kit"), serviceLifecycle, logging,
            ]
        ),
        // The profile report every program prints or serves (text, chart, JSON) and its calendar.
        .target(
            name: "PeachReports",
            dependencies: ["PeachDomain", "PeachStorage", "PeachText"]
        ),
        // What every program takes at start: its options (history, configuration, listener), the
        // language of its texts and of its parser, and the process settings made before any thread.
        .target(
            name: "PeachOptions",
            dependencies: [
                "PeachProgramPages", "PeachDomain", "PeachStorage", "PeachConfig", "PeachText", argumentParser,
            ]
        ),
        // The practice box at run time: assembles the box from its parts and runs its event
        // sources (sequencer, sound cards, audio output, terminal, signals) until it stops.
        .target(
            name: "PeachBoxRuntime",
            dependencies: [
                "PeachOptions", "PeachDomain", "PeachStorage", "PeachConfig", "PeachSound", "PeachMIDI",
                "PeachPractice", "PeachText", "PeachUdev", "PeachYAML", "PeachSpeech",
                .product(name: "UnixSignals", package: "swift-service-lifecycle"), serviceLifecycle, logging,
            ]
        ),
        // The `peach` command tree; a library so that its parsing is testable.
        .target(
            name: "PeachCommands",
            dependencies: [
                "PeachBoxRuntime", "PeachReports", "PeachOptions", "PeachDomain", "PeachStorage", "PeachConfig",
                "PeachSound", "PeachMIDI", "PeachPractice", "PeachText", "PeachYAML", "PeachSpeech", argumentParser,
                logging,
            ]
        ),
        .executableTarget(
            name: "peach",
            dependencies: ["PeachCommands", "PeachOptions", "PeachHeldSignals"],
            linkerSettings: leanProgram
        ),
        .executableTarget(
            name: "peach-web",
            dependencies: [
                "PeachReports", "PeachOptions", "PeachConfig", "PeachStorage", "PeachText", "PeachWeb",
                argumentParser, logging,
            ],
            linkerSettings: leanProgram
        ),
        // `make bench`: prints the figures the issues ask for.
        .executableTarget(
            name: "peach-bench",
            dependencies: ["PeachDomain", "PeachStorage", "PeachSound", "PeachMIDI", "CAlsa", "PeachTestSupport", "PeachReports"],
            // Optimised in debug builds too: the timing group's guest runs the debug build, whose
            // capture loop looks at every sample as it comes, in real time under emulation.
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]
        ),
        // Test doubles shared by the test targets (a note player that records, observers, log capture).
        .target(
            name: "PeachTestSupport",
            dependencies: ["PeachDomain", logging]
        ),
        // The SoundFont 2 writer and the design of Peach's default sound (Foundation only).
        .target(name: "SoundFontWriter"),
        // `make soundfont`: writes SoundFonts/peach.sf2.
        .executableTarget(
            name: "peach-soundfont",
            dependencies: ["SoundFontWriter"]
        ),
        // The bench's own arithmetic (dating captured frames, finding clicks), on the executable target, and
        // the timing group's host checks.
        .testTarget(
            name: "PeachBenchTests",
            dependencies: ["peach-bench", "PeachSound"]
        ),
        .testTarget(
            name: "SoundFontWriterTests",
            dependencies: ["PeachTestSupport", "SoundFontWriter"]
        ),
        .testTarget(
            name: "PeachDomainTests",
            dependencies: ["PeachDomain", "PeachTestSupport"]
        ),
        // Used by the storage crash test: writes answers until it is killed.
        .executableTarget(
            name: "peach-crash-writer",
            dependencies: ["PeachStorage", "PeachDomain"]
        ),
        .testTarget(
            name: "PeachPracticeTests",
            dependencies: ["PeachPractice", "PeachDomain", "PeachText", "PeachConfig", "PeachTestSupport"]
        ),
        .testTarget(
            name: "PeachTextTests",
            dependencies: ["PeachText", "PeachDomain"]
        ),
        .testTarget(
            name: "PeachSpeechTests",
            dependencies: ["PeachSpeech"]
        ),
        .testTarget(
            name: "PeachUdevTests",
            dependencies: ["PeachUdev"]
        ),
        .testTarget(
            name: "PeachConfigTests",
            dependencies: ["PeachConfig", "PeachDomain", "PeachText", "PeachYAML"]
        ),
        .testTarget(
            name: "PeachStorageTests",
            dependencies: ["PeachStorage", "PeachDomain", "PeachText", "PeachTestSupport",
                           .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "PeachYAMLTests",
            dependencies: ["PeachYAML", "PeachText", "PeachDomain"]
        ),
        .testTarget(
            name: "PeachSoundTests",
            dependencies: ["PeachSound", "PeachDomain", "PeachSampleFormat"]
        ),
        .testTarget(
            name: "PeachMIDITests",
            dependencies: ["PeachTestSupport", "PeachMIDI", "PeachDomain", "PeachYAML", "CAlsa"],
            exclude: ["Fixtures"]
        ),
        // The command tree, its options and reports, in-process; and every layer's text keys
        // against the tables.
        .testTarget(
            name: "PeachCommandsTests",
            dependencies: [
                "PeachTestSupport", "PeachCommands", "PeachBoxRuntime", "PeachReports", "PeachOptions", "PeachWeb",
                "PeachStorage", "PeachDomain", "PeachText", "PeachConfig", "PeachYAML", "PeachSound", "PeachMIDI",
                "PeachPractice", argumentParser,
            ]
        ),
        // The box's runtime in-process: its assembly, voice, result log and reloads.
        .testTarget(
            name: "PeachBoxRuntimeTests",
            dependencies: [
                "PeachTestSupport", "PeachBoxRuntime", "PeachReports", "PeachOptions", "PeachConfig",
                "PeachStorage", "PeachDomain", "PeachText", "PeachYAML", "PeachMIDI", "PeachSound", "PeachSpeech",
                "PeachPractice", serviceLifecycle, logging,
            ]
        ),
        // End to end: the built programs run as child processes (and, in the QEMU guests, the
        // system tests), as a musician or an administrator would run them.
        .testTarget(
            name: "PeachProgramTests",
            dependencies: [
                "PeachTestSupport", "PeachCommands", "PeachBoxRuntime", "PeachOptions", "PeachWeb", "PeachStorage",
                "PeachDomain", "PeachText", "PeachMIDI", "PeachSound", "PeachSpeech", "PeachPractice",
                argumentParser,
            ]
        ),
    ] + webTests,
    swiftLanguageModes: [.v6]
)
