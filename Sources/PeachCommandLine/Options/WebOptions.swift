import ArgumentParser
import PeachText

/// The options of `peach web`: parsed by `peach` (its help, its errors) and again by the dashboard's
/// own program, which `peach web` hands them to.
public struct WebOptions: ParsableArguments, Sendable {
    public init() {}

    @OptionGroup public var store: StoreOptions
    @OptionGroup public var config: ConfigOptions

    @Option(help: ArgumentHelp(CommandLineTexts.current.text(.helpWebListen), valueName: CommandLineTexts.current.text(.valueListenAddress)))
    public var listen: String?

    @Flag(help: ArgumentHelp(CommandLineTexts.current.text(.helpWebToken)))
    public var token = false

    @Flag(name: .customLong("rotate-token"), help: ArgumentHelp(CommandLineTexts.current.text(.helpWebRotateToken)))
    public var rotateToken = false

    /// The same options as arguments again, for the program they are handed to.
    public var arguments: [String] {
        var arguments: [String] = []
        if let directory = store.dataDirectory { arguments += ["--data-dir", directory] }
        if let file = config.config { arguments += ["--config", file] }
        if let listen { arguments += ["--listen", listen] }
        if token { arguments.append("--token") }
        if rotateToken { arguments.append("--rotate-token") }
        return arguments
    }
}
