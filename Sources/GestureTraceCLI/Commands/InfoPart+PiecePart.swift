/// A measured piece of a ``PiecedFile``.
extension InfoPart: PiecePart {}
