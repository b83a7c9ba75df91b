"""Makes gestures on the page of `gesturetrace record --from browser` in headless
chromium, with touch emulation, through the Chrome DevTools Protocol.

    record_in_browser.py --url URL --plan PLAN.json [--screenshot PAGE.png]
                         [--device-scale N]

It opens URL in a 390x844 phone viewport (device pixel ratio 3 unless
--device-scale says otherwise, touch), then for
each gesture of GESTURES dispatches Input.dispatchTouchEvent: touchStart at the
first point, one touchMove per further point (16 ms apart), touchEnd at the
last; it waits until the recorder has answered, and presses the gesture's key
(c or x) on the keyboard, waiting for the label to be answered too. It writes
what it dispatched to PLAN.json ({"gestures": [{"points": [[x, y], ...], "key":
"c", "answer": {...}}], "userAgent": ...}) for the caller to check the trace
file against, and, with --screenshot, a PNG of the page after the first
gesture, its decision shown. Exit 0 on success; on failure, the error on
standard output and exit 1.
"""

import argparse
import json
import os
import shutil
import sys
import time
import traceback

# A swipe up of 200 px in 10 steps, then a short reversal: up 60, back 40.
GESTURES = [
    {"points": [[195, 600 - 20 * step] for step in range(11)], "key": "c"},
    {"points": [[195, 600], [195, 580], [195, 560], [195, 540], [195, 560], [195, 580]],
     "key": "x"},
]


def chromium_path():
    for candidate in ("/usr/lib/chromium/chromium", "/usr/lib/chromium-browser/chromium-browser"):
        if os.access(candidate, os.X_OK):
            return candidate
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    raise SystemExit("chromium is not installed")


def wait_for(page, condition):
    page.wait_for_function(
        "() => { const s = window.gestureTrace; return s && !s.busy && (" + condition + "); }",
        timeout=20_000)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--plan", required=True)
    parser.add_argument("--screenshot")
    parser.add_argument("--device-scale", type=float, default=3)
    arguments = parser.parse_args()

    from playwright.sync_api import sync_playwright

    done = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium_path(), headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
        try:
            context = browser.new_context(
                viewport={"width": 390, "height": 844},
                device_scale_factor=arguments.device_scale,
                is_mobile=True, has_touch=True)
            page = context.new_page()
            page.goto(arguments.url)
            wait_for(page, "true")
            cdp = context.new_cdp_session(page)
            for index, gesture in enumerate(GESTURES):
                points = gesture["points"]
                sent = page.evaluate("window.gestureTrace.sent")
                cdp.send("Input.dispatchTouchEvent", {
                    "type": "touchStart",
                    "touchPoints": [{"x": points[0][0], "y": points[0][1], "id": 1}]})
                for x, y in points[1:]:
                    time.sleep(0.016)  # pacing only, like a 60 Hz touchscreen
                    cdp.send("Input.dispatchTouchEvent", {
                        "type": "touchMove", "touchPoints": [{"x": x, "y": y, "id": 1}]})
                time.sleep(0.016)
                cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
                wait_for(page, "s.sent > %d && s.count === %d" % (sent, index + 1))
                answer = {"decisions": page.evaluate("window.gestureTrace.decisions")}
                if index == 0 and arguments.screenshot:
                    time.sleep(0.5)  # let the card settle for the picture
                    page.screenshot(path=arguments.screenshot)
                page.keyboard.press(gesture["key"])
                intent = "complete" if gesture["key"] == "c" else "cancel"
                wait_for(page, "s.intent === '%s'" % intent)
                done.append({"points": points, "key": gesture["key"], "answer": answer})
            user_agent = page.evaluate("navigator.userAgent")
        finally:
            browser.close()
    with open(arguments.plan, "w") as file:
        json.dump({"gestures": done, "userAgent": user_agent}, file)
    print("ok")


if __name__ == "__main__":
    try:
        main()
    except BaseException:  # report everything to the caller, who reads stdout
        traceback.print_exc(file=sys.stdout)
        sys.exit(1)
