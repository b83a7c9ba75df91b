// A stub of the QuartzCore symbols the README's and the doc comments' Swift
// examples use (see UIKit.swift for how the stubs are used). Signatures as
// Apple's documentation gives them at the paths noted, under
// developer.apple.com/documentation/ (both checked there).

/// corefoundation/cftimeinterval: `typealias CFTimeInterval = Double`
/// (CoreFoundation, which QuartzCore imports).
public typealias CFTimeInterval = Double

/// quartzcore/cacurrentmediatime():
/// `func CACurrentMediaTime() -> CFTimeInterval`.
// swift-format-ignore: AlwaysUseLowerCamelCase
// The real symbol's name.
public func CACurrentMediaTime() -> CFTimeInterval { 0 }
