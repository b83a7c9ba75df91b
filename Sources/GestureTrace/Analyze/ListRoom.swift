/// How many more disagreements and near-threshold runs lists take.
package struct ListRoom: Sendable, Hashable {
  /// Disagreements.
  package var disagreements: Int
  /// Near-threshold runs.
  package var nearThreshold: Int
  /// Per decision map, the largest sampling key a point may have and still
  /// be kept (``DecisionMapCollector``): the parts before have filled the
  /// map with points whose keys are no larger. Empty: no bound.
  var mapCutoffs: [UInt64]

  /// Creates a room.
  package init(disagreements: Int, nearThreshold: Int, mapCutoffs: [UInt64] = []) {
    self.disagreements = disagreements
    self.nearThreshold = nearThreshold
    self.mapCutoffs = mapCutoffs
  }
}
