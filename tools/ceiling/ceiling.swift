// The ceiling for `analyze`'s goal command on this machine: a bare
// one-pass scanner that makes the goal command's two decisions over a CSV
// trace file in the bench corpus's column order, and nothing else.
//
//   swiftc -O tools/ceiling/ceiling.swift -o tools/.cache/ceiling
//   tools/.cache/ceiling CORPUS.csv [THREADS]
//
// Prints `traces lyrics-swap-completes player-sheet-completes`: per trace,
// the lyrics swap completes when |ty| > 80 at a began or changed row, the
// player sheet (opening upward, velocity-sign rule) when its ended row has
// vy <= 0 — the counts tools/bench-baselines.py checks.
//
// NB: not part of the package. It maps the file, cuts it into one part per
// thread at line starts, and reads each part once: comment lines up to
// their line break, rows field by field (id compared with the previous
// row's, phase by its first byte and length, ty and vy converted exactly
// as the package does: integer digits over a power of ten). It checks
// nothing a valid file cannot break and keeps no events, so it is an
// upper bound on a reader's speed, not a reader. Traces cut by a part's end
// are joined when the parts are merged.

import Foundation

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// What one part found: counts of the traces whole in it, and the first
/// and last trace's state, which may continue in a neighbour part.
struct PartResult {
  var traces = 0
  var lyrics = 0
  var player = 0
  var first: TraceState?
  var last: TraceState?
}

/// One trace's decisions so far.
struct TraceState {
  var id: [UInt8]
  var lyrics = false
  var player = false
}

let powers: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12]

/// Reads `-?digits[.digits]` at `index`, exactly (below 2^53 digits and
/// 12 decimals: the corpus's numbers), up to the byte after it.
@inline(__always)
func number(_ base: UnsafePointer<UInt8>, _ index: inout Int) -> Double {
  let negative = base[index] == UInt8(ascii: "-")
  if negative { index += 1 }
  var significand: UInt64 = 0
  var decimals = 0
  var digit = UInt64(base[index]) &- 0x30
  while digit < 10 {
    significand = significand &* 10 &+ digit
    index += 1
    digit = UInt64(base[index]) &- 0x30
  }
  if base[index] == UInt8(ascii: ".") {
    index += 1
    digit = UInt64(base[index]) &- 0x30
    while digit < 10 {
      significand = significand &* 10 &+ digit
      decimals += 1
      index += 1
      digit = UInt64(base[index]) &- 0x30
    }
  }
  let value = Double(significand) / powers[decimals]
  return negative ? -value : value
}

/// Skips to the byte after the next `byte`.
@inline(__always)
func skip(_ base: UnsafePointer<UInt8>, _ index: inout Int, past byte: UInt8) {
  while base[index] != byte { index += 1 }
  index += 1
}

/// Scans the lines in `start..<end` (both at line starts).
func scan(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> PartResult {
  var result = PartResult()
  var current: TraceState?
  var idStart = 0
  var idCount = 0
  var index = start
  func close(_ state: TraceState) {
    if result.first == nil {
      result.first = state
    } else {
      result.traces += 1
      if state.lyrics { result.lyrics += 1 }
      if state.player { result.player += 1 }
    }
  }
  while index < end {
    if base[index] == UInt8(ascii: "#") {
      index = UnsafeRawPointer(memchr(base + index, 0x0A, end - index)!)
        .assumingMemoryBound(to: UInt8.self) - base + 1
      continue
    }
    let rowStart = index
    skip(base, &index, past: UInt8(ascii: ","))
    let count = index - 1 - rowStart
    if current == nil || count != idCount || memcmp(base + rowStart, base + idStart, count) != 0 {
      if let current { close(current) }
      current = TraceState(id: Array(UnsafeBufferPointer(start: base + rowStart, count: count)))
    }
    idStart = rowStart
    idCount = count
    skip(base, &index, past: UInt8(ascii: ","))  // t
    let phaseStart = index
    skip(base, &index, past: UInt8(ascii: ","))
    let first = base[phaseStart]
    let length = index - 1 - phaseStart
    let moving = first == UInt8(ascii: "b") || (first == UInt8(ascii: "c") && length == 7)
    let ended = first == UInt8(ascii: "e")
    skip(base, &index, past: UInt8(ascii: ","))  // tx
    let ty = number(base, &index)
    index += 1
    skip(base, &index, past: UInt8(ascii: ","))  // vx
    let vy = number(base, &index)
    skip(base, &index, past: 0x0A)
    if moving && abs(ty) > 80 { current!.lyrics = true }
    if ended && vy <= 0 { current!.player = true }
  }
  if let current {
    if result.first == nil { result.first = current } else { result.last = current }
  }
  return result
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
  FileHandle.standardError.write("usage: ceiling FILE [THREADS]\n".data(using: .utf8)!)
  exit(64)
}
let threads = arguments.count > 2 ? Int(arguments[2])! : 2
let descriptor = open(arguments[1], O_RDONLY)
guard descriptor >= 0 else { perror(arguments[1]); exit(66) }
var status = stat()
fstat(descriptor, &status)
let size = Int(status.st_size)
// NB: one byte past the end is readable as long as the size is not a
// multiple of the page size; the corpus ends with a line break, and every
// loop stops at one.
guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0),
  mapped != MAP_FAILED
else { perror("mmap"); exit(66) }
let base = UnsafePointer<UInt8>(mapped.assumingMemoryBound(to: UInt8.self))

// The header is the first line that is not a comment.
var body = 0
while base[body] == UInt8(ascii: "#") { skip(base, &body, past: 0x0A) }
skip(base, &body, past: 0x0A)

var bounds = [body]
for part in 1..<threads {
  var cut = body + (size - body) * part / threads
  while base[cut - 1] != 0x0A { cut += 1 }
  bounds.append(max(cut, bounds.last!))
}
bounds.append(size)

let slots = UnsafeMutableBufferPointer<PartResult>.allocate(capacity: threads)
slots.initialize(repeating: PartResult())
DispatchQueue.concurrentPerform(iterations: threads) { part in
  slots[part] = scan(base, bounds[part], bounds[part + 1])
}
let results = Array(slots)

// Joins the parts: a trace cut by a part's end continues as the next
// part's first trace when the ids match.
var traces = 0
var lyrics = 0
var player = 0
var pendingTrace: TraceState?
func count(_ state: TraceState) {
  traces += 1
  if state.lyrics { lyrics += 1 }
  if state.player { player += 1 }
}
for result in results {
  traces += result.traces
  lyrics += result.lyrics
  player += result.player
  if var first = result.first {
    if let previous = pendingTrace, previous.id == first.id {
      first.lyrics = first.lyrics || previous.lyrics
      first.player = first.player || previous.player
    } else if let previous = pendingTrace {
      count(previous)
    }
    if let last = result.last {
      count(first)
      pendingTrace = last
    } else {
      pendingTrace = first
    }
  }
}
if let pendingTrace { count(pendingTrace) }
print(traces, lyrics, player)
