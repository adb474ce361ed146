/// The bytes that turn the terminal's pen into another, as a delta where the terminal can
/// (ratatui's `diff` emits only removed and added modifiers, and colours only when they
/// change) or through a reset, whichever is shorter. ECMA-48 SGR sequences in a row go out as
/// one (`ESC[1;33m`, not `ESC[1m ESC[33m`).
extension TerminalControls {
    /// `current` nil: the terminal's pen is unknown (first frame, after a repaint).
    func change(from current: TerminalPen?, to target: TerminalPen) -> [UInt8] {
        if current == target { return [] }
        let viaReset = Self.joined([reset(from: current)] + leaveLineDrawing(after: current) + additions(to: target, from: .plain))
        guard let current, let delta = delta(from: current, to: target) else { return viaReset }
        return delta.count <= viaReset.count ? delta : viaReset
    }

    /// sgr0 less the rmacs in it when the line-drawing set is known to be off: xterm's sgr0 is
    /// `ESC ( B ESC [ m`, and its SGR half alone is half the bytes and merges with the SGR after it.
    private func reset(from current: TerminalPen?) -> [UInt8] {
        guard current?.lineDrawing == false, let exitLineDrawing, !exitLineDrawing.isEmpty else { return reset }
        if reset.starts(with: exitLineDrawing) { return Array(reset.dropFirst(exitLineDrawing.count)) }
        if reset.reversed().starts(with: exitLineDrawing.reversed()) { return Array(reset.dropLast(exitLineDrawing.count)) }
        return reset
    }

    /// rmacs after sgr0 where sgr0 does not leave the line-drawing set itself.
    private func leaveLineDrawing(after current: TerminalPen?) -> [[UInt8]] {
        guard current?.lineDrawing != false, let exitLineDrawing, !reset.contains(exitLineDrawing) else { return [] }
        return [exitLineDrawing]
    }

    /// Nil when an attribute or colour cannot be turned off alone.
    private func delta(from current: TerminalPen, to target: TerminalPen) -> [UInt8]? {
        var pen = current
        var pieces: [[UInt8]] = []
        let removed = current.attributes.subtracting(target.attributes)
        for (attributes, sequence) in exit where !removed.isDisjoint(with: attributes) {
            pieces.append(sequence)
            pen.attributes.subtract(attributes)
        }
        guard pen.attributes.isSubset(of: target.attributes) else { return nil }
        let foregroundOff = target.foreground < 0 && pen.foreground >= 0, backgroundOff = target.background < 0 && pen.background >= 0
        if let defaultForeground, let defaultBackground {
            // One colour back to the terminal's own leaves the other, which need not be sent again.
            if foregroundOff { pieces.append(defaultForeground); pen.foreground = -1 }
            if backgroundOff { pieces.append(defaultBackground); pen.background = -1 }
        } else if foregroundOff || backgroundOff {
            guard let defaultColors else { return nil }
            pieces.append(defaultColors)
            pen.foreground = -1
            pen.background = -1
        }
        if current.lineDrawing, !target.lineDrawing {
            guard let exitLineDrawing else { return nil }
            pieces.append(exitLineDrawing)
            pen.lineDrawing = false
        }
        return Self.joined(pieces + additions(to: target, from: pen))
    }

    /// What turns `pen` (holding nothing `target` lacks) into `target`.
    private func additions(to target: TerminalPen, from pen: TerminalPen) -> [[UInt8]] {
        var pieces = enter.filter { target.attributes.contains($0.attribute) && !pen.attributes.contains($0.attribute) }.map(\.sequence)
        if target.foreground >= 0, target.foreground != pen.foreground, let foreground { pieces.append(foreground(target.foreground)) }
        if target.background >= 0, target.background != pen.background, let background { pieces.append(background(target.background)) }
        if target.lineDrawing, !pen.lineDrawing, let enterLineDrawing { pieces.append(enterLineDrawing) }
        return pieces
    }

    /// The pieces in order, adjacent `ESC [ params m` merged into one.
    private static func joined(_ pieces: [[UInt8]]) -> [UInt8] {
        var bytes: [UInt8] = []
        var parameters: [[UInt8]] = []
        func flush() {
            guard !parameters.isEmpty else { return }
            // A reset alone keeps its short form, `ESC [ m`.
            let joined = parameters == [[0x30]] ? [] : Array(parameters.joined(separator: [0x3B]))
            bytes += [0x1B, 0x5B] + joined + [0x6D]
            parameters = []
        }
        for piece in pieces {
            if let selection = selectGraphicRendition(piece) {
                parameters.append(selection)
            } else {
                flush()
                bytes += piece
            }
        }
        flush()
        return bytes
    }

    /// The parameters of `ESC [ digits-and-semicolons m` ("0" for none), or nil for anything else.
    private static func selectGraphicRendition(_ piece: [UInt8]) -> [UInt8]? {
        guard piece.count >= 3, piece[0] == 0x1B, piece[1] == 0x5B, piece.last == 0x6D else { return nil }
        let parameters = piece[2..<(piece.count - 1)]
        guard parameters.allSatisfy({ $0 == 0x3B || (0x30...0x39).contains($0) }) else { return nil }
        return parameters.isEmpty ? [0x30] : Array(parameters)
    }
}
