import Testing

@testable import GestureTrace

/// The small parts of ``CSVTraceDecoder``, each against hand-computed
/// answers.
@Suite struct CSVDecoderPartsTests {
  @Test func eventReservationIsTwiceTheLastTraceOrTheLongestUpToTheLimit() {
    var reservation = EventReservation()
    #expect(reservation.capacity == 16)
    reservation.record(10)
    #expect(reservation.capacity == 36)
    reservation.record(1000)
    reservation.record(3)
    // Twice 3 plus 16 is 22; the longest so far was 1000.
    #expect(reservation.capacity == 1000)
    reservation.record(100_000)
    #expect(reservation.capacity == 200_016)
    reservation.record(1)
    #expect(reservation.capacity == EventReservation.limit)
  }

  @Test func repairClosesOnlyAMissingEndWhenAsked() {
    let last = PanEvent(
      time: TraceTime(nanoseconds: 5), phase: .changed, translation: Vector2D(x: 1, y: 2),
      velocity: Vector2D(x: 3, y: 4), location: nil)
    let began = PanEvent(
      time: .zero, phase: .began, translation: .zero, velocity: .zero, location: nil)
    var validator = TraceValidator()
    #expect(validator.check(began, at: 0) == nil)
    #expect(validator.check(last, at: 1) == nil)
    guard let missingEnd = validator.finish() else {
      Issue.record("a trace without an end passed")
      return
    }
    var drag = TraceMetadata()
    drag["kind"] = "drag"
    var policy = CSVRepairPolicy()
    let unasked = policy.closing(missingEnd, last: last, metadata: drag)
    #expect(unasked == nil)
    policy.closesUnfinishedTraces = true
    let withoutEvents = policy.closing(missingEnd, last: nil, metadata: TraceMetadata())
    #expect(withoutEvents == nil)
    let closed = policy.closing(missingEnd, last: last, metadata: drag)
    #expect(
      closed?.event
        == PanEvent(
          time: TraceTime(nanoseconds: 5), phase: .cancelled, translation: Vector2D(x: 1, y: 2),
          velocity: .zero, location: nil))
    #expect(closed?.metadata["kind"] == "drag")
    #expect(closed?.metadata["repaired"] == "cancelled")
    #expect(closed?.metadata.count == 2)
    #expect(policy.closedTraceCount == 1)
  }

  @Test func traceIDsRememberStartedAndSpoiledIDs() {
    var ids = CSVTraceIDs()
    let first = ids.start(Array("g1".utf8))
    let again = ids.start(Array("g1".utf8))
    #expect(first)
    #expect(!again)
    #expect(ids.hasStarted("g1"))
    #expect(!ids.hasStarted("g2"))
    let bytes: [UInt8] = Array("g1".utf8)
    #expect(bytes.withUnsafeBufferPointer { ids.hasStarted($0) })
    ids.spoil("g2")
    let taken = [ids.takeSpoiled("g3"), ids.takeSpoiled("g2"), ids.takeSpoiled("g2")]
    #expect(taken == [false, true, false])
  }

  @Test func metadataOfATraceIsTheFilesMergedWithItsLines() {
    var reader = CSVMetadataReader()
    reader.file["source"] = "phone"
    reader.add(id: "g2", key: "kind", value: "fling")
    reader.add(id: "g1", key: "kind", value: "drag")
    reader.add(id: "g1", key: "source", value: "tablet")
    #expect(reader.hasPendingTraceMetadata)
    let first = reader.takeMetadata(ofTrace: "g1", bytes: Array("g1".utf8))
    #expect(first?["source"] == "tablet")
    #expect(first?["kind"] == "drag")
    #expect(first?.count == 2)
    #expect(reader.lastMetadataCount == 2)
    // g2's lines came first: they waited among the other traces'.
    let second = reader.takeMetadata(ofTrace: "g2", bytes: Array("g2".utf8))
    #expect(second?["source"] == "phone")
    #expect(second?["kind"] == "fling")
    #expect(second?.count == 2)
    #expect(!reader.hasPendingTraceMetadata)
    var bare = CSVMetadataReader()
    let none = bare.takeMetadata(ofTrace: "g3", bytes: Array("g3".utf8))
    #expect(none == nil)
    #expect(bare.lastMetadataCount == 0)
  }

  @Test func decimalSecondsAreWholeNanoseconds() {
    #expect(
      TraceTime.decimalSeconds(15, decimals: 1, negative: false)?.nanoseconds == 1_500_000_000)
    #expect(
      TraceTime.decimalSeconds(123_456_789, decimals: 9, negative: true)?.nanoseconds
        == -123_456_789)
    #expect(TraceTime.decimalSeconds(1, decimals: 10, negative: false) == nil)
    #expect(TraceTime.decimalSeconds(UInt64.max / 10, decimals: 0, negative: false) == nil)
  }

  @Test func scannedNumbersAreTheLiteralsValues() {
    #expect(CSVRowScanner.decimalValue(125, decimals: 2, negative: true) == -1.25)
    #expect(CSVRowScanner.decimalValue(7, decimals: 0, negative: false) == 7)
    #expect(CSVRowScanner.decimalValue(1 << 53, decimals: 0, negative: false) == nil)
    #expect(CSVRowScanner.decimalValue(1, decimals: 23, negative: false) == nil)
    let text: [UInt8] = Array("-12.50,3e2,".utf8)
    text.withUnsafeBufferPointer { buffer in
      var index = 0
      let number = CSVRowScanner.scanDigits(buffer.baseAddress!, &index, buffer.count)
      #expect(number?.0 == 1250)
      #expect(number?.1 == 2)
      #expect(number?.2 == true)
      #expect(index == 6)
      index = 7
      // An exponent is the general path's.
      #expect(CSVRowScanner.scanDigits(buffer.baseAddress!, &index, buffer.count) == nil)
      #expect(index == 7)
    }
  }
}
