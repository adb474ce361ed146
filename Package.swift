// swift-tools-version:6.0
// The terminal EMR workstation. Zero package dependencies by design: the toolchain plus
// Debian's ncursesw, sqlite3, OpenSSL libcrypto and libcurl through system-library targets.
import PackageDescription

let package = Package(
    name: "emr",
    products: [
        .executable(name: "emr", targets: ["emr"]),
    ],
    targets: [
        // C libraries from Debian.
        // No pkgConfig for ncursesw: its flags (-D_XOPEN_SOURCE) are refused by SwiftPM; shim.h sets what is needed.
        .systemLibrary(name: "CNcursesw", providers: [.apt(["libncurses-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "COpenSSL", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // The FHIR transport: libcurl's own loop bounds an answer's size and time (DataFHIR only).
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // Wrappers for curses macros and XSI functions Swift cannot import directly.
        .target(name: "CTerminalShim", dependencies: ["CNcursesw"]),

        // Inner layers: pure Swift.
        .target(name: "CoreDomain"),
        .target(name: "CoreUseCases", dependencies: ["CoreDomain"]),

        // Data layer: FHIR wire format, encrypted cache, crypto.
        .target(name: "DataFHIR", dependencies: ["CoreDomain", "CCurl"]),
        .target(name: "SecurityKit", dependencies: ["COpenSSL"]),
        .target(name: "DataLocal", dependencies: ["CoreDomain", "CoreUseCases", "DataFHIR", "SecurityKit", "CSQLite"]),

        // Presentation: view models (platform-agnostic), then the curses front end.
        .target(name: "SharedPresentation", dependencies: ["CoreDomain", "CoreUseCases"]),
        .target(name: "TerminalUI", dependencies: ["SharedPresentation", "CNcursesw", "CTerminalShim"]),

        // The only composition root.
        .executableTarget(
            name: "emr",
            dependencies: ["CoreDomain", "CoreUseCases", "DataFHIR", "DataLocal", "SecurityKit", "SharedPresentation", "TerminalUI"]
        ),

        .executableTarget(name: "emr-bench", dependencies: ["CoreDomain", "CoreUseCases", "DataLocal", "SecurityKit", "SharedPresentation", "TerminalUI"]),

        .testTarget(name: "CoreDomainTests", dependencies: ["CoreDomain"]),
        .testTarget(name: "CoreUseCasesTests", dependencies: ["CoreUseCases", "TestSupport"]),
        .testTarget(name: "DataFHIRTests", dependencies: ["DataFHIR"]),
        .testTarget(name: "SecurityKitTests", dependencies: ["SecurityKit"]),
        // What tests share: a clock that moves only when told, a bounded wait, a chart tab
        // registered only by tests (through the public surface a feature folder has).
        .target(name: "TestSupport", dependencies: ["CoreDomain", "SharedPresentation"], path: "Tests/TestSupport"),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "TestSupport"], exclude: ["Snapshots"]),
        .testTarget(name: "DataLocalTests", dependencies: ["DataLocal"]),
        .testTarget(name: "SharedPresentationTests", dependencies: ["SharedPresentation", "TestSupport"]),
        // The executable's own logic: its command line (options, parsing, help).
        .testTarget(name: "emrTests", dependencies: ["emr"]),
    ],
    swiftLanguageModes: [.v6]
)
