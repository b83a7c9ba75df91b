// A small SwiftUI app that records the drags that dismiss a sheet with
// GestureTrace's DragRecorder, labels them from the person's corrections and
// appends them to Documents/pans.csv, which the Share button sends to a Mac.
// Add the GestureTrace package to an iOS 16+ app target and these files.
//
// The sheet is drawn by the app, not by `.sheet`: a system sheet's own drag
// does not reach a DragGesture. It rests at one detent, `openOffset`; a drag
// down past half its height, or flung past it, closes it (the transition
// completes), anything else springs it back.
import GestureTrace
import SwiftUI

@main
struct SheetApp: App {
  var body: some Scene {
    WindowGroup {
      ContentView()
    }
  }
}

/// The screen: a button that opens the sheet, a share button for the file
/// and the sheet itself.
struct ContentView: View {
  @State private var log = TraceLog()
  @State private var isOpen = true
  @State private var dragOffset: CGFloat = 0

  var body: some View {
    ZStack {
      VStack {
        Button("Open the sheet") {
          isOpen = true
          log.note(.reopened(at: Date().timeIntervalSinceReferenceDate))
        }
        ShareLink(item: log.fileURL)
      }
      SheetView(close: close)
        .offset(y: (isOpen ? SheetView.openOffset : SheetView.closedOffset) + dragOffset)
        .gesture(dismissal)
    }
  }

  /// The drag that dismisses the sheet, recorded.
  private var dismissal: some Gesture {
    DragGesture(minimumDistance: log.recorder.minimumDistance)
      .onChanged { value in
        if !log.recorder.isRecording {
          let t = value.translation
          log.note(
            .dragBegan(
              translation: Vector2D(x: t.width, y: t.height),
              at: value.time.timeIntervalSinceReferenceDate))
        }
        log.recorder.changed(value)
        dragOffset = max(0, value.translation.height)
      }
      .onEnded { value in
        let height = SheetView.closedOffset - SheetView.openOffset
        let closes = value.predictedEndTranslation.height > height / 2
        if let trace = log.recorder.ended(value) {
          log.ended(
            trace, outcome: closes ? .completed : .snappedBack,
            at: value.time.timeIntervalSinceReferenceDate)
        }
        if closes { isOpen = false }
        dragOffset = 0
      }
  }

  /// The sheet's close button: after a snap-back, it says the drag was
  /// meant to close the sheet.
  private func close() {
    isOpen = false
    log.note(.closedByButton(at: Date().timeIntervalSinceReferenceDate))
  }
}

/// The sheet's content.
struct SheetView: View {
  static let openOffset: CGFloat = 300
  static let closedOffset: CGFloat = 900

  let close: @MainActor () -> Void

  var body: some View {
    VStack {
      Text("Drag me down")
      Button("Close", action: close)
    }
  }
}
