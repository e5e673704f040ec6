/// A command that could not do its job for a reason outside the command line itself (a damaged
/// history, a missing file). Printed as `Error: …`, exit status 1, without the usage text.
public struct CommandFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
