/// An error that can say what went wrong in the reader's language (a YAML file's problems, the
/// history's, the sound's, a CSV import's): every layer's typed errors conform where they are
/// defined, so one `describe` serves every program, whichever layers it links.
public protocol DescribedError: Error {
    func text(_ texts: Texts) -> String
}

extension Texts {
    /// An error of a lower layer in this language: a `DescribedError` through the tables, any other
    /// as it describes itself.
    public func describe(_ error: any Error) -> String {
        (error as? any DescribedError)?.text(self) ?? "\(error)"
    }
}
