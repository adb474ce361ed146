import Foundation

/// An HTML note as the plain text a reader would see: scripts, styles and comments go with
/// their content, tags go, block elements and `<br>` become line breaks, list items get a
/// dash, character references are decoded and runs of white space fold to one. Nothing is
/// interpreted beyond that: the result is text, cleaned afterwards like any other note.
enum HTMLText {
    /// Elements whose content is never text for a reader.
    private static let hiddenElements: Set<String> = ["script", "style", "head", "title", "template"]
    /// Elements that start a new line.
    private static let blockElements: Set<String> = [
        "br", "p", "div", "tr", "table", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "pre", "blockquote", "hr", "section",
    ]
    private static let namedReferences: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "deg": "°", "micro": "µ", "plusmn": "±",
    ]

    static func plain(_ html: String) -> String {
        var output = ""
        var rest = html[...]
        var pendingSpace = false
        func breakLine(_ prefix: String = "") {
            while output.hasSuffix(" ") { output.removeLast() }
            if !output.isEmpty, !output.hasSuffix("\n") { output += "\n" }
            output += prefix
            pendingSpace = false
        }
        while let character = rest.first {
            if character == "<" {
                if rest.hasPrefix("<!--") {
                    rest = rest.range(of: "-->").map { rest[$0.upperBound...] } ?? ""
                    continue
                }
                guard let close = rest.firstIndex(of: ">") else { break }
                let tag = Tag(rest[rest.index(after: rest.startIndex)..<close])
                rest = rest[rest.index(after: close)...]
                if !tag.isClosing, hiddenElements.contains(tag.name) {
                    rest = rest.range(of: "</\(tag.name)", options: .caseInsensitive).map { found in
                        let after = rest[found.upperBound...]
                        return after.firstIndex(of: ">").map { after[after.index(after: $0)...] } ?? ""
                    } ?? ""
                } else if tag.name == "li", !tag.isClosing {
                    breakLine("- ")
                } else if blockElements.contains(tag.name) || tag.name == "li" {
                    breakLine()
                }
                continue
            }
            rest.removeFirst()
            if character.isWhitespace {
                pendingSpace = !output.isEmpty && !output.hasSuffix("\n")
                continue
            }
            if pendingSpace { output += " " }
            pendingSpace = false
            if character == "&" { output += reference(&rest) } else { output.append(character) }
        }
        while output.hasSuffix("\n") || output.hasSuffix(" ") { output.removeLast() }
        return output
    }

    /// The character reference after an `&` (consumed up to its `;`), or the `&` itself.
    private static func reference(_ rest: inout Substring) -> String {
        guard let end = rest.prefix(12).firstIndex(of: ";") else { return "&" }
        let name = rest[rest.startIndex..<end]
        let decoded: String?
        if name.hasPrefix("#x") || name.hasPrefix("#X") {
            decoded = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
        } else if name.hasPrefix("#") {
            decoded = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
        } else {
            decoded = namedReferences[name.lowercased()]
        }
        guard let decoded else { return "&" }
        rest = rest[rest.index(after: end)...]
        return decoded
    }

    /// A tag's name, lowercased, and whether it closes an element.
    private struct Tag {
        var name: String
        var isClosing: Bool

        init(_ text: Substring) {
            isClosing = text.hasPrefix("/")
            name = String(text.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }).lowercased()
        }
    }
}
