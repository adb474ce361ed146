/// A line for the user's terminal that cannot drive it: a file name (or anything from outside)
/// with an escape sequence or a newline in it is shown escaped (`\e[2J`, `\n`), never
/// interpreted, and stays one line.
enum PrintableLine {
    static func escaped(_ text: String) -> String {
        var line = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x1B: line += "\\e"
            case 0x0A: line += "\\n"
            case 0x0D: line += "\\r"
            case 0x09: line += "\\t"
            case 0x00..<0x20, 0x7F..<0xA0: line += "\\x" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 2)
            default: line.unicodeScalars.append(scalar)
            }
        }
        return line
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
