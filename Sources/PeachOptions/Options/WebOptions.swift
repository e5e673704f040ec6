import ArgumentParser
import PeachText

/// The options of `peach web`: parsed by `peach` (its help, its errors) and again by the dashboard's
/// own program, which `peach web` hands them to.
public struct WebOptions: ParsableArguments, Sendable {
    public init() {}

    @OptionGroup public var store: HistoryOptions
    @OptionGroup public var config: ConfigOptions

    @Option(help: ArgumentHelp(CommandLineTexts.current.text(.helpWebListen), valueName: CommandLineTexts.current.text(.valueListenAddress)))
    public var listen: String?

    @Flag(help: ArgumentHelp(CommandLineTexts.current.text(.helpWebToken)))
    public var token = false

    @Flag(name: .customLong("rotate-token"), help: ArgumentHelp(CommandLineTexts.current.text(.helpWebRotateToken)))
    public var rotateToken = false

    /// The same options as arguments again, for the program they are handed to. A value that starts
    /// with `-` (given as `--config=-file`) goes with its option in one argument, or it would be
    /// read as an option of its own.
    public var arguments: [String] {
        func option(_ name: String, _ value: String) -> [String] {
            value.hasPrefix("-") ? ["\(name)=\(value)"] : [name, value]
        }
        var arguments: [String] = []
        if let directory = store.dataDirectory { arguments += option("--data-dir", directory) }
        if let file = config.config { arguments += option("--config", file) }
        if let listen { arguments += option("--listen", listen) }
        if token { arguments.append("--token") }
        if rotateToken { arguments.append("--rotate-token") }
        return arguments
    }
}
