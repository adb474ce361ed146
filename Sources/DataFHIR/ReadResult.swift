/// Everything read from one FHIR source: the resources, and what was wrong with the rest.
public struct ReadResult: Sendable {
    public var resources: [DecodedResource]
    public var problems: [FHIRProblem]

    public init(resources: [DecodedResource] = [], problems: [FHIRProblem] = []) {
        self.resources = resources
        self.problems = problems
    }
}
