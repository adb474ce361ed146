/// Where an element sits inside a resource, in FHIRPath-like notation:
/// `component[1].valueQuantity.value`. Empty for the resource itself.
struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    enum Step: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    private(set) var steps: [Step] = []

    static let root = JSONPath()

    func appending(_ key: String) -> JSONPath {
        var path = self
        path.steps.append(.key(key))
        return path
    }

    func appending(index: Int) -> JSONPath {
        var path = self
        path.steps.append(.index(index))
        return path
    }

    var description: String {
        var text = ""
        for step in steps {
            switch step {
            case .key(let key):
                if !text.isEmpty { text += "." }
                text += key
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }
}

/// A problem with one element: its path and what is wrong, without the value itself
/// (values may be patient data and messages may reach logs).
struct ElementProblem: Error, Sendable, Hashable {
    var path: JSONPath
    var message: String
}
