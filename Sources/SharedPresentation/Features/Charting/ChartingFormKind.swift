/// A charting form: its descriptor and the feature that is its state. Two kinds are the same
/// when their stable names are.
public struct ChartingFormKind: Hashable, Sendable, CustomStringConvertible {
    public let descriptor: ChartingFormDescriptor
    let feature: any ChartingForm.Type

    public init<Form: ChartingForm>(_ feature: Form.Type) {
        descriptor = Form.descriptor
        self.feature = feature
    }

    public var name: String { descriptor.name }
    public var description: String { name }

    public static func == (lhs: ChartingFormKind, rhs: ChartingFormKind) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    func open(_ request: ChartingRequest, in context: ChartingOpening) -> ChartingOpened? {
        feature.open(request, in: context)
    }
}
