/// How many more disagreements and near-threshold runs lists take.
package struct ListRoom: Sendable, Hashable {
  /// Disagreements.
  package var disagreements: Int
  /// Near-threshold runs.
  package var nearThreshold: Int

  /// Creates a room.
  package init(disagreements: Int, nearThreshold: Int) {
    self.disagreements = disagreements
    self.nearThreshold = nearThreshold
  }
}
