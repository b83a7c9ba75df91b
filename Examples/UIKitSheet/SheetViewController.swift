// The UIKit version of Examples/SwiftUISheet: a view controller whose sheet
// a pan closes, recorded with GestureTrace's PanRecorder, labelled from the
// person's corrections and appended to Documents/pans.csv, which the Share
// button offers to AirDrop, Mail or Files. Make it the window's root view
// controller in an iOS 15+ app that depends on the GestureTrace package.
//
// The sheet rests at one detent, `openY`; a pan down past half its travel,
// or one that would get there in 0.2 s at its release velocity, closes it
// (the transition completes); anything else springs it back.
import GestureTrace
import QuartzCore
import UIKit

final class SheetViewController: UIViewController {
  private static let openY: CGFloat = 300
  private static let closedY: CGFloat = 900

  private let sheet = UIView()
  private let openButton = UIButton(type: .system)
  private let closeButton = UIButton(type: .system)
  private let shareButton = UIButton(type: .system)
  private var isOpen = true
  private var log = PanLog()

  override func viewDidLoad() {
    super.viewDidLoad()
    for button in [openButton, shareButton] { view.addSubview(button) }
    view.addSubview(sheet)
    sheet.addSubview(closeButton)
    openButton.setTitle("Open the sheet", for: .normal)
    closeButton.setTitle("Close", for: .normal)
    shareButton.setTitle("Share", for: .normal)
    openButton.addTarget(self, action: #selector(open), for: .touchUpInside)
    closeButton.addTarget(self, action: #selector(close), for: .touchUpInside)
    shareButton.addTarget(self, action: #selector(share), for: .touchUpInside)
    sheet.addGestureRecognizer(
      UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:))))
    sheet.center.y = Self.openY
  }

  @objc private func handlePan(_ pan: UIPanGestureRecognizer) {
    guard let phase = TouchPhase(gestureRecognizerState: pan.state.rawValue) else { return }
    let t = pan.translation(in: view)
    let v = pan.velocity(in: view)
    let p = pan.location(in: view)
    let now = CACurrentMediaTime()
    if phase == .began {
      log.note(.dragBegan(translation: Vector2D(x: t.x, y: t.y), at: now))
    }
    let trace = log.recorder.record(
      phase, translation: Vector2D(x: t.x, y: t.y), velocity: Vector2D(x: v.x, y: v.y),
      location: Vector2D(x: p.x, y: p.y), timestamp: now)
    switch phase {
    case .began, .changed:
      sheet.center.y = Self.openY + max(0, t.y)
    case .ended, .cancelled:
      let travel = Self.closedY - Self.openY
      let closes = phase == .ended && t.y + 0.2 * v.y > travel / 2
      if let trace {
        log.ended(trace, outcome: closes ? .completed : .snappedBack, at: now)
      }
      isOpen = !closes
      sheet.center.y = closes ? Self.closedY : Self.openY
    }
  }

  @objc private func open() {
    isOpen = true
    sheet.center.y = Self.openY
    log.note(.reopened(at: CACurrentMediaTime()))
  }

  @objc private func close() {
    isOpen = false
    sheet.center.y = Self.closedY
    log.note(.closedByButton(at: CACurrentMediaTime()))
  }

  @objc private func share() {
    log.finish()
    present(
      UIActivityViewController(activityItems: [log.fileURL], applicationActivities: nil),
      animated: true)
  }
}
