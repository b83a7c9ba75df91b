import Testing

@testable import GestureTrace

@Suite struct VelocityEstimatorTests {
  @Test(arguments: VelocityEstimator.allCases)
  func nameRoundTrips(_ estimator: VelocityEstimator) {
    #expect(VelocityEstimator(name: estimator.name) == estimator)
    #expect(estimator.description == estimator.name)
    #expect(!estimator.summary.isEmpty)
    #expect(estimator.summary.count <= 80)
  }

  @Test func namesAreTheDocumentedOnes() {
    let names = VelocityEstimator.allCases.map(\.name)
    #expect(names == ["lsq2", "flutter-lsq2", "impulse", "ios", "macos", "last-delta", "uikit"])
    #expect(VelocityEstimator.analyzed.map(\.name) == names.dropLast())
    #expect(Set(VelocityEstimator.allCases).count == names.count)
  }

  @Test(arguments: ["", "LSQ2", "lsq3", "last_delta", "ios "])
  func unknownNameIsNil(_ name: String) {
    #expect(VelocityEstimator(name: name) == nil)
  }

  @Test func defaultIsTheIOSTracker() {
    #expect(VelocityEstimator.default == .ios)
    #expect(VelocityTracker().estimator == .ios)
  }
}
