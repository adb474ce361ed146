@testable import TerminalUI

/// An ECMA-48 terminal in memory, as much of one as `TerminalControls.ecma48` uses: cursor
/// addressing, relative moves (CUU, CUD, CUB, CUF, HPA, CR, LF that scrolls at the bottom, BS), SGR (attributes, 8/16/256 colours, their exits), the line-drawing
/// set, repeat (REP), erase to end of line (with bce), UTF-8 text with wide characters and auto margins. `ScreenWriter`'s bytes are checked
/// by what they leave on it, not by their spelling.
struct VirtualTerminal {
    struct Cell: Equatable {
        /// The printed bytes' text; "" for the right half of a wide character.
        var text: String
        var pen: TerminalPen

        /// Equal to the eye: a blank shows its background, and its foreground only in reverse
        /// or with an underline; bold and dim change only ink.
        func looksLike(_ other: Cell) -> Bool {
            guard text == " ", other.text == " " else { return self == other }
            let visible: TextAttributes = [.underline, .reverse]
            let mine = pen.attributes.intersection(visible), theirs = other.pen.attributes.intersection(visible)
            return mine == theirs && pen.background == other.pen.background && (mine.isEmpty || pen.foreground == other.pen.foreground)
        }
    }

    let width: Int
    let height: Int
    /// Erased cells take the current background (bce), or the terminal's own.
    let backColorErase: Bool
    private(set) var cells: [[Cell]]
    private var row = 0, col = 0
    private var pen = TerminalPen.plain
    private var lastPrinted: String?

    init(width: Int, height: Int, backColorErase: Bool = true) {
        self.width = width
        self.height = height
        self.backColorErase = backColorErase
        cells = Array(repeating: Array(repeating: Cell(text: "?", pen: .plain), count: width), count: height)
    }

    mutating func apply(_ bytes: [UInt8]) {
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x1B {
                index = escape(bytes, at: index)
                continue
            }
            if bytes[index] < 0x20 {
                control(bytes[index])
                index += 1
                continue
            }
            var length = 1
            if bytes[index] >= 0xF0 { length = 4 } else if bytes[index] >= 0xE0 { length = 3 } else if bytes[index] >= 0xC0 { length = 2 }
            precondition(index + length <= bytes.count, "cut UTF-8 sequence")
            print(String(decoding: bytes[index..<(index + length)], as: UTF8.self))
            index += length
        }
    }

    private mutating func print(_ text: String) {
        let wide = text.unicodeScalars.first.map { $0.value >= 0x2E80 } ?? false
        if col + (wide ? 2 : 1) > width { row = min(row + 1, height - 1); col = 0 }
        lastPrinted = text
        cells[row][col] = Cell(text: text, pen: pen)
        if wide { cells[row][col + 1] = Cell(text: "", pen: pen) }
        col += wide ? 2 : 1
    }

    /// CR, LF and BS; a line feed on the bottom row scrolls everything up a row.
    private mutating func control(_ byte: UInt8) {
        switch byte {
        case 0x0D: col = 0
        case 0x08: col = max(min(col, width - 1) - 1, 0)
        case 0x0A:
            if row == height - 1 {
                cells.removeFirst()
                cells.append(Array(repeating: Cell(text: " ", pen: .plain), count: width))
            } else {
                row += 1
            }
            col = min(col, width - 1)
        default: preconditionFailure("unknown control \(byte)")
        }
    }

    private mutating func escape(_ bytes: [UInt8], at start: Int) -> Int {
        precondition(start + 2 < bytes.count + 1, "cut escape")
        if bytes[start + 1] == UInt8(ascii: "(") {
            pen.lineDrawing = bytes[start + 2] == UInt8(ascii: "0")
            return start + 3
        }
        precondition(bytes[start + 1] == UInt8(ascii: "["), "unknown escape \(bytes[start + 1])")
        var end = start + 2
        while !(0x40...0x7E).contains(bytes[end]) { end += 1 }
        let parameters = String(decoding: bytes[(start + 2)..<end], as: UTF8.self).split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        switch bytes[end] {
        case UInt8(ascii: "H"):
            row = parameters[0] - 1
            col = (parameters.count > 1 ? parameters[1] : 1) - 1
        case UInt8(ascii: "A"):
            row = max(row - max(parameters[0], 1), 0)
            col = min(col, width - 1)
        case UInt8(ascii: "B"):
            row = min(row + max(parameters[0], 1), height - 1)
            col = min(col, width - 1)
        case UInt8(ascii: "C"):
            col = min(col + max(parameters[0], 1), width - 1)
        case UInt8(ascii: "D"):
            col = max(min(col, width - 1) - max(parameters[0], 1), 0)
        case UInt8(ascii: "G"):
            col = min(max(parameters[0], 1), width) - 1
        case UInt8(ascii: "m"):
            select(parameters)
        case UInt8(ascii: "b"):
            for _ in 0..<max(parameters[0], 1) { print(lastPrinted!) }
        case UInt8(ascii: "K"):
            let erased = TerminalPen(attributes: [], foreground: -1, background: backColorErase ? pen.background : -1, lineDrawing: false)
            for position in col..<width { cells[row][position] = Cell(text: " ", pen: erased) }
        default:
            preconditionFailure("unknown control \(bytes[end])")
        }
        return end + 1
    }

    private mutating func select(_ parameters: [Int]) {
        var index = 0
        while index < parameters.count {
            let value = parameters[index]
            switch value {
            case 0:
                pen = TerminalPen(attributes: [], foreground: -1, background: -1, lineDrawing: pen.lineDrawing)
            case 1: pen.attributes.insert(.bold)
            case 2: pen.attributes.insert(.dim)
            case 4: pen.attributes.insert(.underline)
            case 7: pen.attributes.insert(.reverse)
            case 22: pen.attributes.subtract([.bold, .dim])
            case 24: pen.attributes.remove(.underline)
            case 27: pen.attributes.remove(.reverse)
            case 30...37: pen.foreground = value - 30
            case 90...97: pen.foreground = value - 90 + 8
            case 40...47: pen.background = value - 40
            case 100...107: pen.background = value - 100 + 8
            case 39: pen.foreground = -1
            case 49: pen.background = -1
            case 38, 48:
                precondition(parameters[index + 1] == 5, "only 256 colours")
                if value == 38 { pen.foreground = parameters[index + 2] } else { pen.background = parameters[index + 2] }
                index += 2
            default: preconditionFailure("unknown SGR \(value)")
            }
            index += 1
        }
    }
}
