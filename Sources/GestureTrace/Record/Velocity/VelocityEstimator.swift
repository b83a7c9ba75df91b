/// A way to estimate a pointer's velocity from its recent samples, chosen by
/// name.
///
/// Every estimator reads only the samples since the last touch-down, as the
/// platforms do, and reports position units per second. None fits a lift
/// that repeats the last move's position; only ``uikit`` fits one at a new
/// position, as the last move. Each one reproduces a published platform
/// algorithm or reported behaviour; its documentation names the source and
/// its rules.
///
/// ```swift
/// let estimator = VelocityEstimator(name: "lsq2")   // .lsq2
/// let velocity = estimator?.velocity(of: samples) ?? .zero
/// ```
///
/// Sources:
/// - Android: AOSP `libs/input/VelocityTracker.cpp` (mirror
///   `LineageOS/android_frameworks_native`, commit `cfbee530`, Android 15),
///   Apache-2.0, The Android Open Source Project.
/// - Flutter: `packages/flutter/lib/src/gestures/velocity_tracker.dart`
///   (flutter/flutter master of June 2023, plus the September 2023 "no recent
///   sample" rule of PR #132291), BSD-3-Clause, The Flutter Authors.
public struct VelocityEstimator: Sendable, Hashable, CustomStringConvertible {
  enum Kind: Sendable, Hashable {
    case androidLeastSquares
    case flutterLeastSquares
    case impulse
    case ios
    case macos
    case lastDelta
    case uikit
  }

  let kind: Kind

  /// Android's default touch estimator: a quadratic least-squares fit.
  ///
  /// Source: AOSP `VelocityTracker.cpp`, strategy `lsq2`, the default for
  /// touch X and Y since Android 4.0. Rules:
  /// - Keeps the last 20 samples, dropping those more than 100 ms older than
  ///   the newest; a sample at the same time as the newest replaces it.
  /// - A sample more than 40 ms after the previous one starts a fresh history;
  ///   a lift more than 40 ms after the last sample gives `nil`.
  /// - Fits position = c₀ + c₁t + c₂t², t in seconds relative to the newest
  ///   sample, in float32 closed-form sums; the velocity is c₁.
  /// - One sample gives `nil`; two give the straight-line slope.
  ///
  /// It differs from ``flutterLSQ2`` in precision (float32 against float64),
  /// in needing 2 samples instead of 3, in returning `nil` rather than zero,
  /// and in its 40 ms rule (a history reset against a window cut).
  public static let lsq2 = VelocityEstimator(kind: .androidLeastSquares)

  /// Flutter's base tracker: a quadratic least-squares fit in float64.
  ///
  /// Source: Flutter `velocity_tracker.dart`, class `VelocityTracker`, used on
  /// Android, Fuchsia, Linux and Windows. Rules:
  /// - Walks back from the newest of the last 20 samples; stops before a
  ///   sample more than 100 ms older than the newest or more than 40 ms older
  ///   than the sample after it. Equal times are kept.
  /// - With at least 3 samples, fits a quadratic (Gram–Schmidt QR, float64)
  ///   per axis; the velocity is the slope at the newest sample. Fewer
  ///   samples, or a degenerate fit, give zero.
  /// - A lift more than 40 ms after the last sample gives zero (emulating the
  ///   wall-clock "no recent sample" rule of PR #132291).
  public static let flutterLSQ2 = VelocityEstimator(kind: .flutterLeastSquares)

  /// Android's kinetic-energy ("impulse") estimator, today's formula.
  ///
  /// Source: AOSP `VelocityTracker.cpp`, strategy `impulse`, as changed in
  /// September 2017 (`97b5e18ddf`); Android's default for AXIS_SCROLL. The
  /// finger's work on the content, W += (vᵢ − v′)·|vᵢ| over consecutive
  /// segments with v′ = sign(W)·√(2|W|) and W halved after the first segment,
  /// gives the velocity sign(W)·√(2|W|), in float32. History and 40 ms rules
  /// as ``lsq2``; one sample gives zero, two give the slope.
  public static let impulse = VelocityEstimator(kind: .impulse)

  /// Flutter's approximation of a UIScrollView's velocity at release.
  ///
  /// Source: Flutter `velocity_tracker.dart`, class
  /// `IOSScrollViewFlingVelocityTracker` (PR #60501, 2020). With segment
  /// velocities v₁, v₂, v₃ of the last four samples, oldest first, the
  /// velocity is 0.6·v₁ + 0.35·v₂ + 0.05·v₃; a missing segment, or one with
  /// no elapsed time, counts as zero. No horizon or gap rule; a lift more than
  /// 40 ms after the last sample gives zero (PR #132291).
  public static let ios = VelocityEstimator(kind: .ios)

  /// Flutter's approximation of a macOS scroll view's velocity at release.
  ///
  /// Source: Flutter `velocity_tracker.dart`, class
  /// `MacOSScrollViewFlingVelocityTracker`: as ``ios`` with the weights
  /// 0.15·v₁ + 0.65·v₂ + 0.2·v₃.
  public static let macos = VelocityEstimator(kind: .macos)

  /// The slope between the last two samples.
  ///
  /// Not a platform algorithm: the "true release velocity" developers compute
  /// by hand from the last two translations (StackOverflow Q19092375). A
  /// sample at the same time as the newest replaces it; one sample gives
  /// `nil`. It has no pause rule, like the end velocity UIPanGestureRecognizer
  /// reportedly keeps when the finger rests before lifting.
  public static let lastDelta = VelocityEstimator(kind: .lastDelta)

  /// UIKit's pan recognizer as developers report it: the end velocity
  /// repeats the last move's, however long the finger rested.
  ///
  /// Source: the behaviour reported for `UIPanGestureRecognizer`
  /// (StackOverflow question 19092375, 2013): at `.ended` it repeats the last `.changed` translation and
  /// velocity, and after the finger stops and rests the end velocity keeps
  /// the pre-pause speed. Its filter is private, so each move is weighed as
  /// ``ios`` weighs it (0.6·v₁ + 0.35·v₂ + 0.05·v₃); the end differs:
  /// - The lift adds no sample and has no pause rule: the velocity at the
  ///   lift is the one after the last move.
  /// - A lift at a new position is that last move: it counts in the
  ///   velocity as it counts in the translation.
  /// - A move to the position it is already at adds nothing, as UIKit
  ///   delivers no `touchesMoved` to a resting finger.
  ///
  /// So a drag that holds still before lifting releases at its pre-pause
  /// speed here and at zero under ``ios``. ``PanRecognizer`` uses it by
  /// default, since the traces it makes stand for what the recognizer
  /// reports.
  public static let uikit = VelocityEstimator(kind: .uikit)

  /// The estimator used when none is chosen: ``ios``.
  ///
  /// UIKit's pan velocity filter is private, and this package replays iOS
  /// transition logic, so the default is the one published estimator built to
  /// reproduce an iOS velocity: Flutter's iOS tracker, tuned to what a
  /// UIScrollView reports at release. On the recorded Flutter gestures it
  /// reads 10–20 % below the least-squares fit, in line with the report
  /// (flutter/flutter#11772) that least squares reads about 20 % above iOS
  /// `velocity(in:)`; and it gives zero when the finger rests before lifting,
  /// as a scroll view does not fling then (flutter/flutter#97761). It models
  /// the scroll view, not UIPanGestureRecognizer itself: see ``uikit``, which
  /// ``PanRecognizer`` uses by default. This default is for a trace recorded
  /// without velocities, when a replay has to estimate its release velocity.
  public static let `default` = ios

  /// Every estimator, in the order tools list them.
  public static let allCases: [VelocityEstimator] = [
    .lsq2, .flutterLSQ2, .impulse, .ios, .macos, .lastDelta, .uikit,
  ]

  /// The estimators `analyze` re-estimates every release velocity with (its
  /// per-estimator columns and `--stability` perturbations): all but
  /// ``uikit``.
  // NB: uikit differs from ios only at a lift after a pause, a lift at a
  // new position and a resting finger; adding it here would add columns to
  // analyze's CSV and JSON and a perturbation to --stability.
  package static let analyzed: [VelocityEstimator] = [
    .lsq2, .flutterLSQ2, .impulse, .ios, .macos, .lastDelta,
  ]

  /// The estimator's name: `lsq2`, `flutter-lsq2`, `impulse`, `ios`, `macos`,
  /// `last-delta` or `uikit`.
  public var name: String {
    switch kind {
    case .androidLeastSquares: "lsq2"
    case .flutterLeastSquares: "flutter-lsq2"
    case .impulse: "impulse"
    case .ios: "ios"
    case .macos: "macos"
    case .lastDelta: "last-delta"
    case .uikit: "uikit"
    }
  }

  /// A one-line description with the estimator's source, for help text.
  public var summary: String {
    switch kind {
    case .androidLeastSquares:
      "Quadratic least squares, float32 (Android VelocityTracker lsq2)."
    case .flutterLeastSquares:
      "Quadratic least squares, float64 (Flutter VelocityTracker)."
    case .impulse:
      "Kinetic-energy estimate (Android VelocityTracker impulse)."
    case .ios:
      "Weighted last three segments, UIScrollView-like (Flutter iOS tracker)."
    case .macos:
      "Weighted last three segments (Flutter macOS tracker)."
    case .lastDelta:
      "Slope between the last two samples."
    case .uikit:
      "As ios, but the lift repeats the last move's velocity (UIKit pan)."
    }
  }

  /// The name.
  public var description: String { name }

  /// Creates the estimator with the given name, or returns `nil` if no
  /// estimator has that name.
  public init?(name: some StringProtocol) {
    guard let match = VelocityEstimator.allCases.first(where: { $0.name == name }) else {
      return nil
    }
    self = match
  }

  init(kind: Kind) {
    self.kind = kind
  }

  /// Returns the velocity after the given samples, in position units per
  /// second, or `nil` when the estimator has none (apps treat that as zero).
  ///
  /// Equivalent to adding each sample to a new ``VelocityTracker`` and asking
  /// it for its ``VelocityTracker/velocity()``.
  public func velocity(of samples: some Sequence<PointerSample>) -> Vector2D? {
    var tracker = VelocityTracker(estimator: self)
    for sample in samples {
      tracker.add(sample)
    }
    // NB: differences of huge translations can overflow: an infinite
    // estimate saturates, one that is not a number (inf - inf) is none.
    guard let velocity = tracker.velocity() else { return nil }
    guard !velocity.x.isNaN, !velocity.y.isNaN else { return nil }
    return velocity.saturated
  }
}
