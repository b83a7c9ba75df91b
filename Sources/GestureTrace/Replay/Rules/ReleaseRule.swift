/// A policy that decides at release whether an interactive transition
/// completes, such as "complete when the release velocity points toward the
/// end state" or UIKit's momentum projection.
///
/// Rules see the whole gesture (``ReleaseInput``) framed along the
/// transition's axis, so one rule serves any transition that takes `rule=`.
/// Distances are in points and velocities in points per second; rules whose
/// sources count pixels or density-independent pixels read them as points.
public protocol ReleaseRule: Sendable {
  /// The rule's name in variant specs, such as `projection`.
  static var name: String { get }
  /// What the rule does, in one sentence.
  static var summary: String { get }
  /// Where it comes from: project, file, version.
  static var source: String { get }
  /// Its parameters with the source's defaults. Names must not clash with
  /// the parameters of any transition that takes a rule.
  static var parameters: [Parameter] { get }

  /// Creates the rule from its parameter values.
  init(_ values: ParameterValues)

  /// Returns whether the transition completes (`true`) or cancels.
  func completes(_ release: ReleaseInput) -> Bool
}
