/// Reads one command's words into its typed options, using only the options that command
/// declares (`ParsableOptions.groups`). Anything else is one usage line naming the first bad
/// word (exit status 2); the product takes no package dependencies, so this is by hand.
struct OptionParser<Options: ParsableOptions> {
    /// What the words asked for.
    enum Outcome {
        case run(Options)
        case help
        case version
    }

    var command: Command

    func parse(_ words: ArraySlice<String>) throws(CommandFailure) -> Outcome {
        let declared = Dictionary(Options.options.map { ($0.name, $0) }) { first, _ in first }
        var options = Options()
        var operands: [String] = []
        var index = words.startIndex
        while index < words.endIndex {
            let word = words[index]
            index += 1
            if word == "-h" || word == "--help" { return .help }
            if word == "-V" || word == "--version" { return .version }
            if word == "--" {
                operands += words[index...]
                break
            }
            guard word.hasPrefix("-"), word.count > 1 else {
                guard Options.operands != nil else { throw refusal("unexpected argument '\(word)'") }
                operands.append(word)
                continue
            }
            let (name, inlineValue) = Self.split(word)
            guard let option = declared[name] else {
                throw refusal("unknown option \(name)" + (command.word.map { " for '\($0)'" } ?? ""))
            }
            switch option.field {
            case .value(_, let field):
                guard let value = inlineValue ?? (index < words.endIndex ? words[index] : nil), !value.isEmpty else {
                    throw refusal("option \(name) needs a value")
                }
                if inlineValue == nil { index += 1 }
                options[keyPath: field] = value
            case .flag(let field):
                guard inlineValue == nil else { throw refusal("option \(name) takes no value") }
                options[keyPath: field] = true
            }
        }
        if let rule = Options.operands {
            if let problem = rule.problem(operands) { throw refusal(problem) }
            options[keyPath: rule.field] = operands
        } else if let stray = operands.first {
            throw refusal("unexpected argument '\(stray)'")
        }
        return .run(options)
    }

    /// One line naming the mistake, and where this command's options are listed.
    private func refusal(_ message: String) -> CommandFailure {
        CommandFailure(message: "emr: \(message) (see '\(command.name) --help')", status: .usage)
    }

    /// `--theme=mono` is `--theme mono`.
    private static func split(_ word: String) -> (String, String?) {
        guard let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }
}
