/// Where in the input a resource came from, stamped on every problem about it.
struct ProblemOrigin: Sendable {
    var file: String?
    /// `line 12`, `entry 3`, `line 2, column 17`...
    var location: String?

    func problem(
        type: String? = nil, id: String? = nil, path: String = "", _ message: String,
        severity: FHIRProblem.Severity = .error, kind: FHIRProblem.Kind
    ) -> FHIRProblem {
        FHIRProblem(file: file, location: location, resourceType: type, resourceID: id, path: path, message: message, severity: severity, kind: kind)
    }

    /// An outcome that is just this one problem: nothing read.
    func outcome(path: String = "", _ message: String, kind: FHIRProblem.Kind) -> ResourceDecoder.Outcome {
        ResourceDecoder.Outcome(origin: self, problems: [problem(path: path, message, kind: kind)])
    }
}
