#!/usr/bin/env python3
"""Converts the recorded finger motions of ../shared/data/velocity into pan traces.

Usage: tools/import-velocity-data.py [SHARED_DIR] > traces/recorded-fingers.csv

Each recorded gesture becomes one trace: `began` at the touch-down sample with
translation (0, 0), `changed` for every later sample, and `ended` at the lift,
which repeats the last position (as UIKit's `ended` callback does). Times are
converted from milliseconds to seconds with exact decimal arithmetic and made
relative to the touch-down. No velocity columns are written: the recorded
finger data has none, so GestureTrace's estimator supplies them. Positions stay
in the source's units: device pixels for Android, with the device's pixels per
point as `scale` (GestureTrace divides by it when it reads them), and logical
pixels for Flutter, which are points.
"""
import csv
import sys
from decimal import Decimal
from pathlib import Path

shared = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parents[2] / "shared")
velocity = shared / "data" / "velocity"

# Pixels per point (Android dp: px = dp × dpi / 160) of the devices the AOSP
# cases were recorded on; see traces/README.md for the sources.
DEVICE_SCALES = {
    # Google Pixel (2016): 1080×1920, 441 ppi, ro.sf.lcd_density 420 → 420 / 160.
    "sailfish": "2.625",
    # Not published: AOSP names only the codename. Assumed to be like sailfish,
    # recorded by the same tests in the same year.
    "swordfish": "2.625",
}


def number(value):
    """The nearest double in its shortest round-trip form, as GestureTrace prints it."""
    text = repr(float(value))
    return text[:-2] if text.endswith(".0") else text


def exact(value):
    """An exact decimal (times), without trailing zeros."""
    value = Decimal(value)
    if value == value.to_integral_value():
        return str(value.quantize(Decimal(1)))
    return format(value.normalize(), "f")


def seconds(ms, origin):
    return exact((Decimal(ms) - Decimal(origin)) / 1000)


def emit(trace_id, meta, samples, out):
    """samples: list of (t_ms, x, y); the last one is the lift."""
    for key, value in meta:
        out.write(f"# trace {trace_id} {key}: {value}\n")
    t0, x0, y0 = samples[0]
    for index, (t, x, y) in enumerate(samples):
        phase = "began" if index == 0 else ("ended" if index == len(samples) - 1 else "changed")
        if phase == "ended":
            # The lift repeats the last position, as UIKit's ended callback does.
            _, x, y = samples[index - 1]
        tx = number(Decimal(x) - Decimal(x0))
        ty = number(Decimal(y) - Decimal(y0))
        out.write(f"{trace_id},{seconds(t, t0)},{phase},{tx},{ty},{number(x)},{number(y)}\n")


def main():
    out = sys.stdout
    out.write("# gesturetrace: 1\n")
    out.write("trace,t,phase,tx,ty,x,y\n")
    cases = list(csv.DictReader(open(velocity / "aosp" / "cases.csv")))
    for case in cases:
        if not case["kind"].startswith(("recorded", "derived-from-recorded")):
            continue
        if "scroll" in case["kind"] or "Axis" in case["case"]:
            continue
        path = velocity / "aosp" / f"{case['case']}.csv"
        if not path.exists():
            continue
        rows = [(r["t_ms"], r["x"], r["y"]) for r in csv.DictReader(open(path))]
        device = case["device"].split(" ")[0] or "unknown"
        meta = [("source", "aosp-velocity-tests"), ("device", device), ("units", "px"),
                ("scale", DEVICE_SCALES[device]), ("case", case["case"])]
        if case["direction"]:
            meta.append(("direction", case["direction"]))
        emit(f"aosp-{case['case']}", meta, rows, out)
    for path in sorted((velocity / "flutter" / "gestures").glob("*.csv")):
        rows = [(r["t_ms"], r["x"], r["y"]) for r in csv.DictReader(open(path))]
        meta = [("source", "flutter-velocity-tests"), ("units", "pt"), ("case", path.stem)]
        emit(f"flutter-{path.stem}", meta, rows, out)


main()
