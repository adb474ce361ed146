import SharedPresentation

/// Screen rectangles are the layout's (`SharedPresentation.Rect`): the state pages and clamps
/// with the same rectangles the renderer draws into.
public typealias Rect = SharedPresentation.Rect
