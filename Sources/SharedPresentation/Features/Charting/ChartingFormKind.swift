/// A charting form: its descriptor and the feature that is its state. Two kinds are the same
/// when their stable names are.
public struct ChartingFormKind: RegisteredFeature {
    public let descriptor: ChartingFormDescriptor
    let feature: any ChartingForm.Type

    public init<Form: ChartingForm>(_ feature: Form.Type) {
        descriptor = Form.descriptor
        self.feature = feature
    }

    public var name: String { descriptor.name }

    func open(_ request: ChartingRequest, in context: ChartingOpening) -> ChartingOpened? {
        feature.open(request, in: context)
    }
}
