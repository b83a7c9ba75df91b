/// The column orders the encoder writes: `trace,t,phase,tx,ty`, then
/// `vx,vy` and/or `x,y`.
enum CanonicalRow {
  case plain, velocity, location, both

  init?(_ roles: [UInt8]) {
    let base: [UInt8] = [1, 2, 3, 4, 5]
    guard roles.count >= 5, Array(roles.prefix(5)) == base else { return nil }
    switch Array(roles.dropFirst(5)) {
    case []: self = .plain
    case [6, 7]: self = .velocity
    case [8, 9]: self = .location
    case [6, 7, 8, 9]: self = .both
    default: return nil
    }
  }
}
