/// The transition families variant specs may name: the built-in ones
/// (``builtIn``: the four seed transitions and the library presets) and any
/// an app adds, its own ``Transition`` types or transitions declared in a
/// transitions file.
///
/// A catalog is a value: parse variants with the one that holds your
/// transitions, and the variants carry their family from then on, into
/// `Replayer`, `TraceAnalyzer` and sweeps.
///
/// ```swift
/// var catalog = TransitionCatalog.builtIn
/// try catalog.register(MySheet.self)
/// let variant = try Variant(parsing: "my-sheet:rate=0.99", in: catalog)
/// ```
public struct TransitionCatalog: Sendable {
  /// The families in the order `gesturetrace variants` lists them.
  public private(set) var families: [TransitionFamily]

  /// The four seed transitions followed by the library presets.
  public static let builtIn = TransitionCatalog(
    uncheckedFamilies: Variant.transitions.map { TransitionFamily($0) } + TransitionPresets.families
  )

  /// A catalog of the given families.
  ///
  /// - Throws: ``VariantError`` when two families share a name.
  public init(_ families: [TransitionFamily]) throws(VariantError) {
    self.families = []
    for family in families { try register(family) }
  }

  private init(uncheckedFamilies families: [TransitionFamily]) {
    self.families = families
  }

  /// The family called `name`, if the catalog holds one.
  public func family(named name: some StringProtocol) -> TransitionFamily? {
    families.first { $0.name == name }
  }

  /// The names of the families, in order.
  public var names: [String] { families.map(\.name) }

  /// Adds a type conforming to ``Transition``.
  ///
  /// - Throws: ``VariantError`` when the catalog already holds a family of
  ///   that name.
  public mutating func register<T: Transition>(_ type: T.Type) throws(VariantError) {
    try register(TransitionFamily(type))
  }

  /// Adds a family.
  ///
  /// - Throws: ``VariantError`` when the catalog already holds a family of
  ///   that name, or the name is not a valid transition name (letters,
  ///   digits and `-`, starting with a letter).
  public mutating func register(_ family: TransitionFamily) throws(VariantError) {
    guard Self.isValidName(family.name) else {
      throw VariantError(
        "invalid transition name '\(family.name)'; expected letters, digits and '-', starting with a letter"
      )
    }
    guard self.family(named: family.name) == nil else {
      throw VariantError("a transition called '\(family.name)' exists already")
    }
    families.append(family)
  }

  /// Whether `name` may name a transition: ASCII letters, digits and `-`,
  /// starting with a letter.
  package static func isValidName(_ name: some StringProtocol) -> Bool {
    guard let first = name.utf8.first, first.isASCIILetter else { return false }
    return name.utf8.allSatisfy { $0.isASCIILetter || (0x30...0x39).contains($0) || $0 == 0x2D }
  }
}

extension UInt8 {
  fileprivate var isASCIILetter: Bool {
    (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self)
  }
}
