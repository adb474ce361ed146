/// A color as a theme names it: the terminal's own default, or an xterm palette index.
public enum TerminalColor: Hashable, Sendable {
    case `default`
    /// 0-7 basic, 8-15 bright, 16-231 color cube, 232-255 gray ramp.
    case indexed(Int)

    /// Names accepted in theme files, besides the numbers 0-255.
    public static let names: [String: TerminalColor] = {
        let basic = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
        var names: [String: TerminalColor] = ["default": .default, "gray": .indexed(8), "grey": .indexed(8)]
        for (index, name) in basic.enumerated() {
            names[name] = .indexed(index)
            names["bright-\(name)"] = .indexed(index + 8)
        }
        return names
    }()

    /// The nearest color the terminal can show at `depth`; `.default` when it shows none.
    public func degraded(to depth: ColorDepth) -> TerminalColor {
        guard case .indexed(let index) = self else { return self }
        switch depth {
        case .none: return .default
        case .full: return self
        case .sixteen, .eight:
            guard index >= depth.rawValue else { return self }
            let color = Self.rgb(index)
            // Grays go to the nearest gray: by distance alone mid-gray lands on cyan or yellow.
            let candidates = (0..<depth.rawValue).filter { !Self.isGray(color) || Self.isGray(Self.rgb($0)) }
            return .indexed(Self.nearest(to: color, among: candidates))
        }
    }

    /// The xterm palette's RGB for an index, used to find nearest colors.
    static func rgb(_ index: Int) -> (Int, Int, Int) {
        let basic = [(0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
                     (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
                     (255, 0, 255), (0, 255, 255), (255, 255, 255)]
        switch index {
        case ..<16: return basic[max(index, 0)]
        case 16..<232:
            let levels = [0, 95, 135, 175, 215, 255], cube = index - 16
            return (levels[cube / 36], levels[cube / 6 % 6], levels[cube % 6])
        default:
            let gray = 8 + 10 * (min(index, 255) - 232)
            return (gray, gray, gray)
        }
    }

    private static func isGray(_ color: (Int, Int, Int)) -> Bool {
        max(color.0, color.1, color.2) - min(color.0, color.1, color.2) < 16
    }

    private static func nearest(to color: (Int, Int, Int), among candidates: [Int]) -> Int {
        // Weighted like perceived brightness: the eye is most sensitive to green.
        func distance(_ other: (Int, Int, Int)) -> Int {
            let (r, g, b) = (color.0 - other.0, color.1 - other.1, color.2 - other.2)
            return 2 * r * r + 4 * g * g + 3 * b * b
        }
        return candidates.min { distance(rgb($0)) < distance(rgb($1)) }!
    }
}
