import Testing

@testable import GestureTrace

@Suite struct MathAtanTests {
  static let root3 = 1.732_050_807_568_877_3

  @Test func knownAngles() {
    #expect(Math.atan(0) == 0)
    #expect((Math.atan(1) - Math.pi / 4).magnitude < 2e-16)
    #expect((Math.atan(Self.root3) - Math.pi / 3).magnitude < 4e-16)
    #expect((Math.atan(1 / Self.root3) - Math.pi / 6).magnitude < 2e-16)
    // tan(π/12) = 2 − √3, where the reduction switches.
    #expect((Math.atan(2 - Self.root3) - Math.pi / 12).magnitude < 2e-16)
    #expect(Math.atan(.infinity) == Math.pi / 2)
    #expect(Math.atan(-.infinity) == -Math.pi / 2)
    #expect(Math.atan(.nan).isNaN)
  }

  @Test func smallArgumentsAreThemselves() {
    #expect(Math.atan(1e-10) == 1e-10)
    #expect(Math.atan(-1e-300) == -1e-300)
  }

  @Test func isOddAndInvertsTheTangent() {
    var x = -50.0
    while x <= 50 {
      let angle = Math.atan(x)
      #expect(Math.atan(-x) == -angle)
      #expect(angle > -Math.pi / 2 && angle < Math.pi / 2)
      let tangent = Math.sin(angle) / Math.cos(angle)
      #expect((tangent - x).magnitude <= 1e-14 * max(1, x.magnitude * x.magnitude))
      x += 0.37
    }
  }

  @Test func increases() {
    var previous = Math.atan(-1000)
    var x = -1000.0
    while x < 1000 {
      x += 0.731
      let value = Math.atan(x)
      #expect(value >= previous)
      previous = value
    }
  }
}
