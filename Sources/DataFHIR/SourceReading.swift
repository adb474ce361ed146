import Foundation

/// One pass over one source's bytes: format detection, NDJSON line splitting, document
/// parsing, size and depth limits. Each resource's outcome goes to `emit` as soon as it is read.
struct SourceReading {
    typealias Emit = (ResourceDecoder.Outcome) throws -> Void

    let file: String?
    let limits: FHIRLimits

    func read(_ bytes: UnsafeRawBufferPointer, emit: Emit) rethrows {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        guard let first = (start..<bytes.count).first(where: { !Self.isWhitespace(bytes[$0]) }) else { return }
        if isNDJSON(bytes, contentStart: first) {
            try readLines(bytes, from: start, emit: emit)
        } else {
            try readDocument(UnsafeRawBufferPointer(rebasing: bytes[start...]), offset: start, whole: bytes, emit: emit)
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private static func trimmed(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, isWhitespace(bytes[lower]) { lower += 1 }
        while upper > lower, isWhitespace(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    /// memchr rather than a byte loop: a one-line Bundle is scanned end to end for its first line.
    private static func lineEnd(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        guard start < bytes.count, let base = bytes.baseAddress, let newline = memchr(base + start, 0x0A, bytes.count - start) else {
            return bytes.count
        }
        return base.distance(to: UnsafeRawPointer(newline))
    }

    /// NDJSON when the name says so, or when the first line is a complete JSON value and more
    /// follows (a pretty-printed resource or Bundle never ends its first line complete).
    private func isNDJSON(_ bytes: UnsafeRawBufferPointer, contentStart: Int) -> Bool {
        if let file, file.hasSuffix(".ndjson") || file.hasSuffix(".jsonl") { return true }
        let end = Self.lineEnd(bytes, from: contentStart)
        guard Self.trimmed(bytes, end..<bytes.count).count > 0 else { return false }
        let line = UnsafeBufferPointer(rebasing: bytes.assumingMemoryBound(to: UInt8.self)[contentStart..<end])
        return (try? JSONParser.parse(line, maxDepth: limits.maxResourceDepth + FHIRLimits.bundleWrapperDepth)) != nil
    }

    private func readLines(_ bytes: UnsafeRawBufferPointer, from start: Int, emit: Emit) rethrows {
        var lineStart = start
        var lineNumber = 0
        while lineStart < bytes.count {
            let begin = lineStart
            let end = Self.lineEnd(bytes, from: begin)
            lineNumber += 1
            let range = Self.trimmed(bytes, begin..<end)
            lineStart = end + 1
            guard !range.isEmpty else { continue }
            let origin = ProblemOrigin(file: file, location: "line \(lineNumber)")
            guard range.count <= limits.maxResourceBytes else {
                try emit(origin.outcome("resource is larger than \(FHIRLimits.megabytes(limits.maxResourceBytes)); not read", kind: .unreadable))
                continue
            }
            let line = UnsafeRawBufferPointer(rebasing: bytes[range])
            let value: JSONValue
            do {
                value = try JSONParser.parse(line.assumingMemoryBound(to: UInt8.self), maxDepth: limits.maxResourceDepth).value
            } catch {
                let column = ProblemOrigin(file: file, location: "line \(lineNumber), column \(range.lowerBound - begin + error.offset + 1)")
                try emit(column.outcome(message(for: error), kind: .unreadable))
                continue
            }
            guard case .object(let object) = value else {
                try emit(origin.outcome("expected a JSON object (one resource per line), found \(value.typeName)", kind: .unreadable))
                continue
            }
            try emit(ResourceDecoder.decode(object, origin: origin) { Data(line) })
        }
    }

    private func readDocument(_ bytes: UnsafeRawBufferPointer, offset: Int, whole: UnsafeRawBufferPointer, emit: Emit) rethrows {
        let origin = ProblemOrigin(file: file, location: nil)
        guard bytes.count <= limits.maxDocumentBytes else {
            return try emit(origin.outcome("JSON document is larger than \(FHIRLimits.megabytes(limits.maxDocumentBytes)); not read (split it, or export NDJSON)", kind: .unreadable))
        }
        func located(_ position: Int) -> ProblemOrigin {
            let (line, column) = Self.lineAndColumn(whole, offset: offset + position)
            return ProblemOrigin(file: file, location: "line \(line), column \(column)")
        }
        let parsed: (value: JSONValue, deepest: Int, tooDeep: [Int])
        do {
            parsed = try JSONParser.parse(
                bytes.assumingMemoryBound(to: UInt8.self), maxDepth: limits.maxResourceDepth + FHIRLimits.bundleWrapperDepth, skippingTooDeep: true)
        } catch {
            return try emit(located(error.offset).outcome(message(for: error), kind: .unreadable))
        }
        if case .object(let object) = parsed.value, case .string("Bundle")? = object["resourceType"] {
            return try BundleReading.read(object, source: bytes, origin: origin, limits: limits, tooDeep: parsed.tooDeep, emit: emit)
        }
        if let deep = parsed.tooDeep.first {
            return try emit(located(deep).outcome(tooDeepMessage, kind: .unreadable))
        }
        guard case .object(let object) = parsed.value else {
            return try emit(origin.outcome("expected a JSON object (a resource or a Bundle), found \(parsed.value.typeName)", kind: .unreadable))
        }
        guard parsed.deepest <= limits.maxResourceDepth else {
            return try emit(origin.outcome(tooDeepMessage, kind: .unreadable))
        }
        guard object.byteRange.count <= limits.maxResourceBytes else {
            return try emit(origin.outcome("resource is larger than \(FHIRLimits.megabytes(limits.maxResourceBytes)); not read", kind: .unreadable))
        }
        try emit(ResourceDecoder.decode(object, origin: origin) { Data(bytes[object.byteRange]) })
    }

    /// Depth is reported against the per-resource limit even where the parser allowed room for a Bundle around it.
    private func message(for error: JSONParseError) -> String {
        error.isTooDeep ? tooDeepMessage : "not valid JSON: \(error.message)"
    }

    private var tooDeepMessage: String { "JSON nested deeper than \(limits.maxResourceDepth) levels; not read" }

    /// 1-based line and byte column of `offset`, for problems in multi-line documents.
    private static func lineAndColumn(_ bytes: UnsafeRawBufferPointer, offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return (line, offset - lineStart + 1)
    }
}
