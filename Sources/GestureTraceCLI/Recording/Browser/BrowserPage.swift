/// The recording page `record --from browser` serves: one self-contained
/// HTML document (no external URL, no CDN, no resource file), with the
/// recording's settings written into it.
///
/// It draws the first variant's transition at the size of a phone screen
/// (the whole viewport on a phone, 390 × 844 on a larger screen): a card
/// that follows the finger along the transition's axis, a sheet pulled up
/// from the bottom, or a pager of five pages, with a dashed line at the
/// decision distance. A transition with a track (``TransitionTrack``) is
/// drawn from it, whatever its name: a sheet (y axis, its top edge at the
/// position) or a side menu (x axis, its right edge at the position) that
/// moves along the axis between its stops, each stop a dashed line labelled
/// with its name, scaled to fit the screen.
///
/// It captures Pointer Events (every coalesced event
/// where `getCoalescedEvents()` exists) and falls back to Touch Events when
/// a touch brings no pointer event: whichever starts a gesture owns it until
/// it ends. Samples keep the events' `timeStamp`s and CSS-pixel positions.
/// When the finger lifts, the gesture goes to `POST /gesture`, and the
/// answer — the trace and each variant's decision with its threshold
/// crossings — is shown with the buttons "meant to complete", "meant to
/// cancel" and "skip" (keys c, x, any other) and "undo" (u); for a track
/// of more than two stops, one button per stop (keys 1 to 9) in place of
/// the first two. `touch-action:
/// none` keeps the browser from scrolling or zooming.
///
/// For tests, `window.gestureTrace` holds the latest state: `count`,
/// `last`, `intent`, `message`, `decisions` and `busy` (a request in flight).
enum BrowserPage {
  /// The page with `settings` in place: a JSON object with `spec`,
  /// `transition`, `axis`, `directions`, `decisionDistance`, `track`
  /// (`null`, or its `axis`, `start` and `stops`, each a `name` and a
  /// `position`), `slop`, `variants`, `token` and `count`
  /// (``BrowserSession`` writes it), in which no `<` may appear, so that it
  /// cannot end the script. With `stops` (a track's, when it has more than
  /// two), the label buttons are one per stop, keyed 1, 2, … in order.
  static func html(settings: String, stops: [String] = []) -> String {
    var page = template.replacing("/*SETTINGS*/null", with: settings)
    if !stops.isEmpty {
      let buttons = stops.prefix(9).enumerated().map { index, name in
        let key = index + 1
        return "<button id=\"stop-\(key)\" class=\"stop\" data-key=\"\(key)\">"
          + "\(HTMLText.escaped(name))<br><small>\(key)</small></button>"
      }
      page = page.replacing(labelButtons, with: buttons.joined(separator: "\n      "))
    }
    return page
  }

  /// The complete and cancel buttons, which a track of more than two stops
  /// replaces.
  private static let labelButtons = """
    <button id="complete" data-key="c">Meant to complete<br><small>c</small></button>
          <button id="cancel" data-key="x">Meant to cancel<br><small>x</small></button>
    """

  // NB: kept in one string so the binary needs no resource bundle.
  private static let template = #"""
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no, viewport-fit=cover">
    <title>gesturetrace record</title>
    <style>
    html, body { margin: 0; height: 100%; overflow: hidden; background: #111; color: #eee;
      font: 15px -apple-system, system-ui, sans-serif; touch-action: none;
      -webkit-user-select: none; user-select: none; -webkit-touch-callout: none; }
    #phone { position: relative; margin: 0 auto; width: 100vw; height: 100vh;
      max-width: 390px; max-height: 844px; overflow: hidden; background: #1c1c22;
      touch-action: none; }
    @media (min-width: 500px) { #phone { margin-top: 12px; border-radius: 28px;
      box-shadow: 0 0 0 6px #333; } }
    #status { position: absolute; left: 0; right: 0; top: 0; padding: 10px 14px 6px;
      font-size: 13px; color: #aaa; z-index: 5; pointer-events: none; }
    #status b { color: #fff; }
    .card { position: absolute; width: 280px; height: 280px; left: 50%; top: 46%;
      margin: -140px 0 0 -140px; border-radius: 18px; }
    #back { background: #3b5b8c; transform: translateY(-30px) scale(0.9); }
    #front { background: linear-gradient(160deg, #e05a7a, #8c3b6e); display: flex;
      align-items: center; justify-content: center; font-size: 22px; font-weight: 600; }
    #sheet { position: absolute; left: 0; right: 0; height: 100%; border-radius: 16px 16px 0 0;
      background: linear-gradient(#3a3a48, #26262e); }
    #sheet .grip { width: 40px; height: 5px; border-radius: 3px; background: #888;
      margin: 8px auto; }
    #sheet .mini { padding: 6px 16px; font-weight: 600; }
    #pages { position: absolute; top: 0; bottom: 0; left: 0; display: flex; }
    #pages div { flex: none; display: flex; align-items: center; justify-content: center;
      font-size: 40px; font-weight: 700; }
    #mark { position: absolute; border: 0 dashed #ffd54a; opacity: 0.8; pointer-events: none; }
    #panel { position: absolute; left: 8px; right: 8px; bottom: 8px; padding: 10px 12px;
      background: rgba(20, 20, 26, 0.94); border-radius: 14px; z-index: 10; display: none;
      box-shadow: 0 2px 12px #000; touch-action: manipulation; }
    #panel.shown { display: block; }
    #decision { font-size: 17px; font-weight: 600; margin-bottom: 4px; }
    #details { font: 12px ui-monospace, Menlo, monospace; color: #bbb; white-space: pre-wrap; }
    #buttons { display: flex; gap: 8px; margin-top: 10px; }
    #buttons button { flex: 1; font: inherit; font-weight: 600; padding: 14px 4px; border: 0;
      border-radius: 10px; color: #fff; }
    #complete { background: #2e7d4f; } #cancel { background: #a33a3a; }
    #buttons button.stop { background: #2e5f7d; }
    #track { position: absolute; left: 0; top: 0; width: 100%; height: 100%;
      background: linear-gradient(#3a3a48, #26262e); box-shadow: 0 0 12px #000; }
    #track.y { border-radius: 16px 16px 0 0; } #track.x { border-radius: 0 16px 16px 0; }
    #track .grip { width: 40px; height: 5px; border-radius: 3px; background: #888;
      margin: 8px auto; }
    #track .mini { padding: 6px 16px; font-weight: 600; }
    #track.x .mini { text-align: right; margin-top: 60px; } #track.x .grip { display: none; }
    .stopline { position: absolute; border: 0 dashed #8fd3ff; opacity: 0.9; z-index: 2;
      pointer-events: none; font-size: 12px; color: #8fd3ff; }
    .stopline.y { left: 0; right: 0; height: 0; border-top-width: 1px; }
    .stopline.x { top: 0; bottom: 0; width: 0; border-left-width: 1px; }
    .stopline span { position: absolute; padding: 1px 4px; background: rgba(17, 17, 17, 0.7);
      border-radius: 4px; white-space: nowrap; }
    .stopline.y span { right: 6px; top: -18px; } .stopline.x span { left: 4px; bottom: 80px; }
    #skip { background: #555; } #undo { background: #333; flex: 0.6 !important; }
    .moving { transition: none !important; }
    .settling { transition: transform 0.33s ease-out, opacity 0.33s ease-out, top 0.33s ease-out,
      left 0.33s ease-out; }
    </style>
    </head>
    <body>
    <div id="phone">
      <div id="status"></div>
      <div id="scene"></div>
      <div id="mark"></div>
      <div id="panel">
        <div id="decision"></div>
        <div id="details"></div>
        <div id="buttons">
          <button id="complete" data-key="c">Meant to complete<br><small>c</small></button>
          <button id="cancel" data-key="x">Meant to cancel<br><small>x</small></button>
          <button id="skip" data-key="s">Skip<br><small>other key</small></button>
          <button id="undo" data-key="u">Undo<br><small>u</small></button>
        </div>
      </div>
    </div>
    <script>
    "use strict";
    const S = /*SETTINGS*/null;
    const phone = document.getElementById("phone");
    const scene = document.getElementById("scene");
    const panel = document.getElementById("panel");
    const mark = document.getElementById("mark");
    const query = S.token ? "?token=" + encodeURIComponent(S.token) : "";
    const pageName = Array.from(
      (self.crypto && crypto.getRandomValues) ? crypto.getRandomValues(new Uint8Array(9))
        : Array.from({length: 9}, () => Math.random() * 256),
      b => "abcdefghijklmnopqrstuvwxyz0123456789"[Math.floor(b) % 36]).join("");
    const state = window.gestureTrace = { count: S.count, last: null, intent: null,
      message: "Drag on the page.", decisions: [], busy: false, sent: 0 };
    const T = S.track;
    const style = T ? "track" : S.transition === "player-sheet" ? "sheet"
      : S.transition === "library-pager" ? "pager" : "card";
    const axis = T ? T.axis : S.axis;
    const along = v => axis === "x" ? [v[0], 0] : axis === "y" ? [0, v[1]] : v;
    let page = 0, pageWidth = 0, sheetRest = 0, element = null, trackScale = 1;
    const stopAt = name => {
      const stop = T.stops.find(s => s.name === name);
      return stop ? stop.position : T.stops[0].position;
    };

    // A track: a sheet (y) or a drawer (x) between dashed, named stops,
    // positions scaled to fit the screen.
    function buildTrack(w, h) {
      const length = axis === "x" ? w : h;
      const far = Math.max(1, ...T.stops.map(s => s.position));
      trackScale = Math.min(1, (length - 60) / far);
      scene.textContent = "";
      for (const stop of T.stops) {
        const line = document.createElement("div");
        line.className = "stopline " + axis;
        line.style[axis === "x" ? "left" : "top"] = stop.position * trackScale + "px";
        const label = document.createElement("span");
        label.textContent = stop.name + (stop.name === T.start ? " (start)" : "");
        // A line at the very top has its name under it, on screen.
        if (axis === "y" && stop.position * trackScale < 24) label.style.top = "4px";
        line.append(label);
        scene.append(line);
      }
      element = document.createElement("div");
      element.id = "track";
      element.className = axis;
      element.innerHTML = '<div class="grip"></div><div class="mini"></div>';
      element.querySelector(".mini").textContent = S.spec;
      // y: a sheet whose top edge is at the position; x: a side menu from
      // the left whose right edge is.
      element.style[axis === "x" ? "left" : "top"] =
        stopAt(T.start) * trackScale - (axis === "x" ? w : 0) + "px";
      scene.append(element);
      mark.style.display = "none";
    }

    function build() {
      const w = phone.clientWidth, h = phone.clientHeight;
      if (style === "track") {
        buildTrack(w, h);
      } else if (style === "card") {
        scene.innerHTML = '<div class="card" id="back"></div>' +
          '<div class="card" id="front"></div>';
        element = document.getElementById("front");
        element.textContent = S.spec;
        const d = S.decisionDistance;
        const cy = h * 0.46;
        if (S.axis === "x") place(w / 2 + d, 0, 0, h, "borderLeftWidth");
        else place(0, cy - d, w, 0, "borderTopWidth");
      } else if (style === "sheet") {
        scene.innerHTML = '<div id="sheet"><div class="grip"></div>' +
          '<div class="mini"></div></div>';
        element = document.getElementById("sheet");
        element.querySelector(".mini").textContent = "Now playing \u00b7 " + S.spec;
        sheetRest = h - 90;
        element.style.top = sheetRest + "px";
        place(0, sheetRest - S.decisionDistance, w, 0, "borderTopWidth");
      } else {
        pageWidth = w;
        const colors = ["#5b6ee1", "#e1765b", "#4caf7d", "#c45bd1", "#d1b45b"];
        scene.innerHTML = '<div id="pages">' + colors.map((c, i) =>
          '<div style="width:' + w + 'px;height:' + h + 'px;background:' + c + '">' +
          (i + 1) + '</div>').join("") + '</div>';
        element = document.getElementById("pages");
        place(w / 2 - S.decisionDistance, 0, 0, h, "borderLeftWidth");
      }
      show([0, 0], true);
    }
    function place(x, y, w, h, side) {
      Object.assign(mark.style, { left: x + "px", top: y + "px", width: w + "px",
        height: h + "px", borderWidth: "0" });
      mark.style[side] = "2px";
    }
    function motion(settle) {
      element.classList.toggle("moving", !settle);
      element.classList.toggle("settling", !!settle);
    }
    function show(t, settle) {
      motion(settle);
      const [x, y] = along(t);
      if (style === "track") {
        element.style.transform = axis === "x" ? "translateX(" + x * trackScale + "px)"
          : "translateY(" + y * trackScale + "px)";
      } else if (style === "card") {
        const offset = S.axis === "both" ? (Math.abs(x) + Math.abs(y)) / 1.5
          : Math.abs(S.axis === "x" ? x : y);
        element.style.transform = "translate(" + x + "px," + y + "px)";
        element.style.opacity = String(Math.max(0.3, 1 - offset / (2 * S.decisionDistance)));
      } else if (style === "sheet") {
        element.style.transform = "translateY(" + Math.min(0, y) + "px)";
      } else {
        element.style.transform = "translateX(" + (x - page * pageWidth) + "px)";
      }
    }
    function settle(outcome) {
      if (style === "track") {
        const other = T.stops.find(s => s.name !== T.start);
        const name = T.stops.some(s => s.name === outcome) ? outcome
          : outcome === "complete" && other ? other.name : T.start;
        const d = (stopAt(name) - stopAt(T.start)) * trackScale;
        motion(true);
        element.style.transform = axis === "x" ? "translateX(" + d + "px)"
          : "translateY(" + d + "px)";
        if (name !== T.start) setTimeout(() => show([0, 0], true), 900);
      } else if (style === "pager") {
        if (/^\d+$/.test(outcome)) page = Math.min(4, Math.max(0, Number(outcome)));
        show([0, 0], true);
      } else if (style === "sheet" && outcome === "complete") {
        motion(true);
        element.style.transform = "translateY(" + (-sheetRest + 40) + "px)";
        setTimeout(() => show([0, 0], true), 900);
      } else if (style === "card" && outcome === "complete") {
        motion(true);
        element.style.transform = "translateY(-30px) scale(0.9)";
        element.style.opacity = "0.5";
        setTimeout(() => show([0, 0], true), 700);
      } else {
        show([0, 0], true);
      }
    }

    // Capture: Pointer Events, or Touch Events when no pointer event came.
    let active = null;
    function sample(t, x, y, action) {
      const list = active.samples;
      const last = list.length ? list[list.length - 1][0] : 0;
      list.push([Math.max(t, last), x, y, action]);
      if (action === 1) {
        const t0 = list[0];
        show([x - t0[1], y - t0[2]], false);
      }
    }
    function begin(kind, id, pointer, e, x, y) {
      active = { kind: kind, id: id, pointer: pointer, samples: [] };
      panel.classList.remove("shown");
      sample(e.timeStamp, x, y, 0);
    }
    function finish(action) {
      const gesture = active;
      active = null;
      const lines = ["page " + pageName, "pointer " + gesture.pointer,
        "capture " + gesture.kind, "scale " + (window.devicePixelRatio || 1),
        "view " + window.innerWidth + " " + window.innerHeight,
        "device " + navigator.userAgent.replace(/[\r\n]+/g, " ")];
      for (const s of gesture.samples) {
        lines.push(s[0].toFixed(3) + " " + s[1].toFixed(3) + " " + s[2].toFixed(3) + " " + s[3]);
      }
      send("/gesture", lines.join("\n") + "\n", answer => {
        if (answer.phase) {
          const d = answer.decisions[0];
          state.decisions = answer.decisions;
          settle(d ? d.outcome : "cancel");
          describe(answer);
          panel.classList.add("shown");
        } else {
          show([0, 0], true);
        }
      });
    }
    const inScene = e => !panel.contains(e.target);
    phone.addEventListener("pointerdown", e => {
      if (active || !inScene(e) || (e.pointerType === "mouse" && e.button !== 0)) return;
      const type = ["touch", "pen", "mouse"].includes(e.pointerType) ? e.pointerType : "touch";
      begin("pointer", e.pointerId, type, e, e.clientX, e.clientY);
      try { phone.setPointerCapture(e.pointerId); } catch (error) {}
      e.preventDefault();
    });
    phone.addEventListener("pointermove", e => {
      if (!active || active.kind !== "pointer" || e.pointerId !== active.id) return;
      const list = e.getCoalescedEvents ? e.getCoalescedEvents() : [];
      for (const c of (list.length ? list : [e])) sample(c.timeStamp, c.clientX, c.clientY, 1);
    });
    for (const [type, action] of [["pointerup", 2], ["pointercancel", 3]]) {
      phone.addEventListener(type, e => {
        if (!active || active.kind !== "pointer" || e.pointerId !== active.id) return;
        sample(e.timeStamp, e.clientX, e.clientY, action);
        finish();
      });
    }
    const touch = (e, id) => Array.from(e.changedTouches).find(t => t.identifier === id);
    phone.addEventListener("touchstart", e => {
      if (!inScene(e)) return;
      e.preventDefault();
      if (active) return;
      const t = e.changedTouches[0];
      begin("touch", t.identifier, "touch", e, t.clientX, t.clientY);
    }, { passive: false });
    phone.addEventListener("touchmove", e => {
      e.preventDefault();
      if (!active || active.kind !== "touch") return;
      const t = touch(e, active.id);
      if (t) sample(e.timeStamp, t.clientX, t.clientY, 1);
    }, { passive: false });
    for (const [type, action] of [["touchend", 2], ["touchcancel", 3]]) {
      phone.addEventListener(type, e => {
        if (!active || active.kind !== "touch") return;
        const t = touch(e, active.id);
        if (!t) return;
        sample(e.timeStamp, t.clientX, t.clientY, action);
        finish();
      });
    }

    // Labels: the buttons and the keys c, x (or 1 to 9 for stops), u and any other.
    for (const button of document.querySelectorAll("#buttons button")) {
      button.addEventListener("click", () => key(button.dataset.key));
    }
    document.addEventListener("keydown", e => {
      if (e.metaKey || e.ctrlKey || e.altKey || e.key.length !== 1 && e.key !== "Enter"
        && e.key !== "Escape") return;
      e.preventDefault();
      key(e.key.length === 1 ? e.key : "s");
    });
    function key(k) {
      send("/key", k, answer => {
        if (k === "c" || k === "x" || k === "u" || /^[1-9]$/.test(k) || !answer.awaitingLabel) {
          panel.classList.remove("shown");
        }
      });
    }

    // Requests go one at a time, in order.
    const queue = [];
    function send(path, body, then) {
      queue.push([path, body, then]);
      if (queue.length === 1) next();
    }
    function next() {
      if (!queue.length) { state.busy = false; return; }
      state.busy = true;
      const [path, body, then] = queue[0];
      fetch(path + query, { method: "POST", body: body,
        headers: { "Content-Type": "text/plain" } })
        .then(r => r.ok ? r.json() : r.text().then(t => { throw new Error(t); }))
        .then(answer => { update(answer.state || answer); then(answer); },
          error => { state.message = "The recorder said: " + error.message; status(); })
        .finally(() => { state.sent += 1; queue.shift(); next(); });
    }
    function update(s) {
      state.count = s.count; state.last = s.last || null; state.intent = s.intent || null;
      state.message = s.message;
      status();
    }
    function status() {
      const last = state.last ? " \u00b7 last " + state.last + " " +
        (state.intent || "unlabelled") : "";
      const el = document.getElementById("status");
      el.textContent = "";
      const b = document.createElement("b");
      b.textContent = S.spec;
      el.append(b, " \u00b7 " + state.count + (state.count === 1 ? " trace" : " traces") + last,
        document.createElement("br"), state.message);
    }
    function describe(answer) {
      const seconds = v => v.toFixed(3) + " s";
      const word = o => /^\d+$/.test(o) ? "page " + o : o;
      const d = answer.decisions[0];
      document.getElementById("decision").textContent = d
        ? d.spec + ": " + word(d.outcome) + " at " + seconds(d.decidedAt) : "no decision";
      const lines = [answer.state.last + " " + answer.phase + " at (" +
        answer.translation.map(v => v.toFixed(1)).join(", ") + ") pt, " + answer.events +
        " events"];
      for (const t of (d ? d.thresholds : [])) {
        lines.push((t.crossedAt == null ? "\u00b7 " : "\u2713 ") + t.name + " > " +
          t.value + (t.crossedAt == null ? "" : "  at " + seconds(t.crossedAt)));
      }
      for (const other of answer.decisions.slice(1)) {
        lines.push(other.spec + ": " + word(other.outcome));
      }
      document.getElementById("details").textContent = lines.join("\n");
    }
    window.addEventListener("resize", build);
    build();
    status();
    </script>
    </body>
    </html>
    """#
}
