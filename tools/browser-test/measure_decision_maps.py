"""Loads an HTML report of `gesturetrace analyze --format html` in headless
chromium and measures its decision maps as the browser renders them.

    measure_decision_maps.py --html REPORT.html --out MAPS.json
                             [--screenshot MAP.png --transition NAME]

For each `<svg class="decision-map">` it writes to MAPS.json, in page order:
{"transition", "shown" (its data-shown), "circles" (rendered <circle>
elements), "boundaries": [{"variant", "width", "height"}] (each boundary
path's rendered bounding box, CSS pixels), "strokes": {label: [colours]} and
"fills": {label + "/" + source: [colours]} (each circle's computed stroke and
fill, by its data-label, or "outcome:" + data-outcome when unlabelled), and
"legend": {label: colour} (the legend's swatches, by their text)}. With
--screenshot, a PNG of the map of --transition. Exit 0 on success; on
failure, the error on standard output and exit 1.
"""

import argparse
import json
import pathlib
import sys
import traceback

from record_in_browser import chromium_path

MEASURE = """
() => Array.from(document.querySelectorAll('svg.decision-map')).map(svg => {
  const strokes = {}, fills = {}, legend = {};
  const circles = Array.from(svg.querySelectorAll('circle'));
  for (const c of circles) {
    const key = c.dataset.label !== undefined ? c.dataset.label : 'outcome:' + c.dataset.outcome;
    const style = getComputedStyle(c);
    (strokes[key] = strokes[key] || []).includes(style.stroke) || strokes[key].push(style.stroke);
    const fillKey = key + '/' + c.dataset.source;
    (fills[fillKey] = fills[fillKey] || []).includes(style.fill) || fills[fillKey].push(style.fill);
  }
  for (const rect of svg.querySelectorAll('rect[width="10"][height="10"]')) {
    const text = rect.nextElementSibling;
    if (text && text.tagName === 'text') legend[text.textContent] = getComputedStyle(rect).fill;
  }
  const boundaries = Array.from(svg.querySelectorAll('path.boundary')).map(p => {
    const box = p.getBoundingClientRect();
    return {variant: Number(p.dataset.variant), width: box.width, height: box.height};
  });
  return {transition: svg.dataset.transition, shown: Number(svg.dataset.shown),
          circles: circles.length, boundaries, strokes, fills, legend};
})
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--html", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--screenshot")
    parser.add_argument("--transition")
    arguments = parser.parse_args()

    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium_path(), headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900}, device_scale_factor=2)
            page.goto(pathlib.Path(arguments.html).resolve().as_uri())
            maps = page.evaluate(MEASURE)
            pathlib.Path(arguments.out).write_text(json.dumps(maps, indent=1))
            if arguments.screenshot:
                selector = 'svg.decision-map[data-transition="%s"]' % arguments.transition
                page.locator(selector).screenshot(path=arguments.screenshot)
        finally:
            browser.close()


if __name__ == "__main__":
    try:
        main()
    except SystemExit:
        raise
    except BaseException:
        traceback.print_exc(file=sys.stdout)
        sys.exit(1)
