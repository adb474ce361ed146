/// A FHIR source that could not be opened at all. Problems inside a source that was read are
/// `FHIRProblem`s instead; this is only for the file itself.
public struct FHIRReadError: Error, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var reason: String

    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    /// `reason` says what is wrong and what to do ("no such file: check the path").
    public var description: String { "Cannot read \(file): \(reason)." }
}
