/// Named sets of variants read from a JSON file, for `--variants-file`.
///
/// The file holds one object with a format version and the sets, each a
/// list of variant specs, in the order they are to be reported:
///
/// ```json
/// {
///   "version": 1,
///   "sets": {
///     "articles": ["lyrics-swap", "player-sheet"],
///     "dismissal": ["lyrics-swap:dismissalOffset=60", "lyrics-swap:dismissalOffset=100"]
///   }
/// }
/// ```
///
/// Problems are reported as `line:column: expected …, found …`, including
/// the ``VariantError`` of a bad spec at the spec's position.
public struct VariantSets: Sendable, Hashable {
  /// The sets in file order.
  public let sets: [(name: String, variants: [Variant])]

  /// The format version this reader understands.
  public static let version = 1

  /// Parses a variants file, looking its specs up in `catalog`.
  public init(
    parsing text: String, in catalog: TransitionCatalog = .builtIn
  ) throws(VariantError) {
    var text = text
    let lineStarts = Self.lineStarts(of: text)
    func located(_ offset: Int, _ message: String) -> VariantError {
      let line = (lineStarts.lastIndex { $0 <= offset } ?? 0)
      return VariantError("\(line + 1):\(offset - lineStarts[line] + 1): \(message)")
    }
    let parsed = text.withUTF8 { bytes -> Result<JSONValue, JSONProblem> in
      var parser = JSONParser(bytes)
      parser.objectName = "variants object"
      parser.endName = "the end of the file"
      do throws(JSONProblem) {
        return .success(try parser.parseObjectLine())
      } catch {
        return .failure(error)
      }
    }
    let root: JSONValue
    switch parsed {
    case .success(let value): root = value
    case .failure(let problem): throw located(problem.offset, problem.message)
    }
    guard case .object(let members) = root.kind else {
      throw located(root.offset, "expected an object")
    }
    var version: Int?
    var sets: [(name: String, variants: [Variant])] = []
    for member in members {
      switch member.key {
      case "version":
        let literal = Self.slice(text, member.value.range)
        do throws(DeclarationVersion.Mismatch) {
          version = try DeclarationVersion.read(
            literal, isNumber: member.value.kind == .number, supported: Self.version,
            found: "'\(literal)'")
        } catch {
          throw located(member.value.offset, error.message)
        }
      case "sets":
        guard case .object(let named) = member.value.kind else {
          throw located(member.value.offset, "expected an object of named sets")
        }
        for set in named {
          guard !sets.contains(where: { $0.name == set.key }) else {
            throw located(set.keyOffset, "expected each set once, found '\(set.key)' again")
          }
          guard case .array(let items) = set.value.kind, !items.isEmpty else {
            throw located(set.value.offset, "expected a non-empty array of variant specs")
          }
          var variants: [Variant] = []
          for item in items {
            guard case .string(let spec) = item.kind else {
              throw located(
                item.offset,
                "expected a variant spec string, found '\(Self.slice(text, item.range))'")
            }
            do throws(VariantError) {
              variants.append(try Variant(parsing: spec, in: catalog))
            } catch {
              throw located(item.offset, error.description)
            }
          }
          sets.append((set.key, variants))
        }
      default:
        throw located(member.keyOffset, "expected 'version' or 'sets', found '\(member.key)'")
      }
    }
    guard version != nil else { throw located(root.offset, "expected a 'version' member") }
    guard !sets.isEmpty else { throw located(root.offset, "expected a 'sets' member with a set") }
    self.sets = sets
  }

  /// The set called `name`.
  public func variants(inSet name: String) -> [Variant]? {
    sets.first { $0.name == name }?.variants
  }

  /// Every variant of every set, in file order.
  public var allVariants: [Variant] { sets.flatMap(\.variants) }

  /// Whether two files hold the same sets, in the same order.
  public static func == (lhs: VariantSets, rhs: VariantSets) -> Bool {
    lhs.sets.map(\.name) == rhs.sets.map(\.name)
      && lhs.sets.map(\.variants) == rhs.sets.map(\.variants)
  }

  /// Hashes the sets' names and variants.
  public func hash(into hasher: inout Hasher) {
    for set in sets {
      hasher.combine(set.name)
      hasher.combine(set.variants)
    }
  }

  private static func lineStarts(of text: String) -> [Int] {
    var starts = [0]
    for (offset, byte) in text.utf8.enumerated() where byte == 0x0A {
      starts.append(offset + 1)
    }
    return starts
  }

  private static func slice(_ text: String, _ range: Range<Int>) -> String {
    let bytes = Array(text.utf8)
    let clamped = range.clamped(to: 0..<bytes.count)
    return String(decoding: bytes[clamped].prefix(40), as: UTF8.self)
  }
}
