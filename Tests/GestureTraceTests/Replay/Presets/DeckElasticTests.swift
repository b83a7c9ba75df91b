import Testing

@testable import GestureTrace

@Suite struct DeckElasticTests {
  @Test func followsHalfTheTranslationUpTo120() {
    #expect(DeckElastic.shown(translation: 0) == 0)
    #expect(DeckElastic.shown(translation: 60) == 30)
    #expect(DeckElastic.shown(translation: 119) == 59.5)
    // At 120 the elastic branch starts: 60 + 30·atan(0) + 0 = 60.
    #expect(DeckElastic.shown(translation: 120) == 60)
  }

  @Test func upwardDragsShowNothing() {
    #expect(DeckElastic.shown(translation: -1) == 0)
    #expect(DeckElastic.shown(translation: -500) == 0)
  }

  @Test func elasticBranchByHand() {
    // t = 240: 60 + 30·atan(1) + 12 = 72 + 7.5π = 95.561944901923…
    #expect((DeckElastic.shown(translation: 240) - 95.561_944_901_923_45).magnitude < 1e-12)
    // t = 120 + 120√3: 60 + 30·π/3 + 12√3 = 60 + 10π + 20.784609690826…
    let root3 = 1.732_050_807_568_877_3
    let shown = DeckElastic.shown(translation: 120 + 120 * root3)
    #expect((shown - (60 + 10 * Math.pi + 12 * root3)).magnitude < 1e-12)
  }

  @Test func continuousAndIncreasingAt120() {
    let below = DeckElastic.shown(translation: 120 - 1e-9)
    let above = DeckElastic.shown(translation: 120 + 1e-9)
    #expect((above - below).magnitude < 1e-8)
    #expect(below < 60 && 60 < above)
    // The slope just past 120 is 30/120 + 1/10 = 0.35, down from 0.5.
    let slope = (DeckElastic.shown(translation: 120.001) - 60) / 0.001
    #expect((slope - 0.35).magnitude < 1e-6)
  }

  @Test func dismissesAt240Inclusive() {
    #expect(DeckElastic.dismissThreshold == 240)
    #expect(DeckElastic.dismisses(translation: 240))
    #expect(!DeckElastic.dismisses(translation: 239.999))
  }
}
