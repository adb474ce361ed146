/// OperationOutcome -> problems. A sender explains failures this way (a search that partly
/// failed, a rejected export), so its issues are passed on rather than dropped.
///
/// Each issue becomes one problem: `fatal`/`error` as errors, `warning`/`information` as
/// warnings, kind `senderOutcome`, path from `expression[0]` (else `location[0]`). The message
/// holds only the issue code and the first details code, never `diagnostics` or
/// `details.text`: those are the sender's free text and may quote patient data.
enum OperationOutcomeMapping {
    static let severities: [String: FHIRProblem.Severity] = ["fatal": .error, "error": .error, "warning": .warning, "information": .warning]

    static func problems(_ resource: ElementReader, id: String?, origin: ProblemOrigin) throws(ElementProblem) -> [FHIRProblem] {
        var result: [FHIRProblem] = []
        for issue in try resource.objects("issue") {
            let severityCode = try issue.requiredString("severity")
            guard let severity = severities[severityCode] else {
                throw issue.problem("severity", unknownCodeMessage(severityCode, expected: "fatal, error, information, warning"))
            }
            let code = try issue.requiredString("code")
            let detail = try issue.concept("details")?.codings.lazy.compactMap(\.code).first
            var path = try issue.strings("expression").first
            if path == nil { path = try issue.strings("location").first }
            let message = "sender reported \(severityCode) \(quotedCode(code))" + (detail.map { " (\(quotedCode($0)))" } ?? "")
            result.append(origin.problem(type: "OperationOutcome", id: id, path: path ?? "", message, severity: severity, kind: .senderOutcome))
        }
        return result
    }
}
