#!/usr/bin/env python3
"""Converts the real finger strokes of ../shared/data/touch/henze-mobilehci17 into pan traces.

Usage: tools/import-touch-data.py [SHARED_DIR [OUT_DIR]]

SHARED_DIR defaults to the `shared` folder next to the package root, OUT_DIR
to the package's traces/. Writes two trace files into OUT_DIR:

- henze-fitts.csv: every stroke of the Fitts task that is a horizontal drag
  (all 576 of them), `target: library-pager`.
- henze-strokes.csv: every SAMPLE_EVERY-th stroke of the Paint and Write
  tasks that moves at least MIN_MOVE_PT, with no target.

The data: Henze, Le, Mayer, Schwind, "Improving Software-Reduced Touchscreen
Latency" (MobileHCI 2017), GitHub interactionlab/MobileHCI17-Touch-Extrapolation
at commit 3bc93c44d0b87464d60eb22a7b5d9227e02a1f4b, folder data/, Apache
License 2.0. Each file `{Fitts,Paint,Write}Tasks-participant{1..8}.txt` has
`;`-separated rows: wall-clock ms, event ms (Android uptime), x px, y px,
touch size, action (0 down, 2 move, 1 up). A stroke is a down row, its move
rows and its up row, in file order; strokes are numbered from 1 in each file,
counting every stroke, so an id names its stroke in the raw file.

Each stroke becomes one trace, as tools/import-velocity-data.py does: `began`
at the down row with translation (0, 0), `changed` for every move row, and
`ended` at the up row, which repeats the last position (in this data the up
row's position equals the last move's in every stroke, as UIKit's ended
callback does). Times are the event-time column, made relative to the down
row with exact decimal arithmetic. Two samples of a stroke may share an event
time (55 strokes have such a pair); the format allows equal times and they
are kept. No velocity is written: the data has none, so GestureTrace's
estimator supplies it. Positions stay in device pixels (`units: px`) with
`scale: 2`: the device is not stated; its 1920x1200 screen and 7-inch
diagonal fit a Nexus 7 (2013), xhdpi, 2 px per dp. That is an inference.

Selection (net displacement = position at the up row minus position at the
down row, in points = px / 2):
- a stroke moves when its net displacement is at least MIN_MOVE_PT;
- a moving stroke is a horizontal drag when |dx| >= AXIS_RATIO * |dy|, and a
  vertical one when |dy| >= AXIS_RATIO * |dx|; otherwise it is diagonal.
Output is deterministic: files, strokes and rows in a fixed order, numbers in
their shortest round-trip form.
"""
import sys
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
shared = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared"
out_dir = Path(sys.argv[2]) if len(sys.argv) > 2 else ROOT / "traces"
data = shared / "data" / "touch" / "henze-mobilehci17" / "data"

SOURCE = "henze-mobilehci17"
# Inferred, not stated by the source: see the docstring and traces/README.md.
DEVICE = "Nexus 7 (2013), inferred"
SCALE = Decimal(2)
MIN_MOVE_PT = Decimal(10)
AXIS_RATIO = 2
SAMPLE_EVERY = 15
PARTICIPANTS = range(1, 9)
NOTICE = (
    "Converted by tools/import-touch-data.py from the data of"
    " interactionlab/MobileHCI17-Touch-Extrapolation (commit 3bc93c4, Apache License 2.0);"
    " see traces/README.md, traces/LICENSE-henze-mobilehci17 and NOTICE"
)


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


def strokes(task, participant):
    """The strokes of one file, in order: lists of (event ms, x px, y px)."""
    path = data / f"{task}Tasks-participant{participant}.txt"
    result, current = [], None
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        _, event_ms, x, y, _, action = line.split(";")
        row = (event_ms, x, y)
        if action == "0":
            if current is not None:
                sys.exit(f"{path}: a down row inside a stroke")
            current = [row]
        elif action == "2":
            if current is None:
                sys.exit(f"{path}: a move row outside a stroke")
            current.append(row)
        elif action == "1":
            if current is None:
                sys.exit(f"{path}: an up row outside a stroke")
            current.append(row)
            result.append(current)
            current = None
        else:
            sys.exit(f"{path}: unknown action {action}")
    if current is not None:
        sys.exit(f"{path}: the last stroke has no up row")
    return result


def net(stroke):
    """The net displacement (dx, dy) in points, exact."""
    (_, x0, y0), (_, x1, y1) = stroke[0], stroke[-1]
    return (Decimal(x1) - Decimal(x0)) / SCALE, (Decimal(y1) - Decimal(y0)) / SCALE


def moves(stroke):
    dx, dy = net(stroke)
    return dx * dx + dy * dy >= MIN_MOVE_PT * MIN_MOVE_PT


def axis(stroke):
    dx, dy = net(stroke)
    if abs(dx) >= AXIS_RATIO * abs(dy):
        return "horizontal"
    if abs(dy) >= AXIS_RATIO * abs(dx):
        return "vertical"
    return "diagonal"


def direction(stroke):
    """The direction of the larger component of the net displacement (+y is down)."""
    dx, dy = net(stroke)
    if abs(dx) >= abs(dy):
        return "left" if dx < 0 else "right"
    return "up" if dy < 0 else "down"


def emit(trace_id, meta, stroke, out):
    for key, value in meta:
        out.write(f"# trace {trace_id} {key}: {value}\n")
    t0, x0, y0 = stroke[0]
    for index, (t, x, y) in enumerate(stroke):
        phase = "began" if index == 0 else ("ended" if index == len(stroke) - 1 else "changed")
        if phase == "ended":
            # The lift repeats the last position, as UIKit's ended callback does.
            _, x, y = stroke[index - 1]
        tx = number(Decimal(x) - Decimal(x0))
        ty = number(Decimal(y) - Decimal(y0))
        time = exact((Decimal(t) - Decimal(t0)) / 1000)
        out.write(f"{trace_id},{time},{phase},{tx},{ty},{number(x)},{number(y)}\n")


def metadata(task, participant, number_in_file, stroke, target=None):
    """Well-known keys first (as GestureTrace writes them), then free tags sorted."""
    meta = [("source", SOURCE), ("device", DEVICE), ("units", "px"), ("scale", str(SCALE))]
    if target:
        meta.append(("target", target))
    tags = {
        "axis": axis(stroke),
        "case": f"{task}Tasks-participant{participant}.txt#{number_in_file}",
        "direction": direction(stroke),
        "participant": str(participant),
        "task": task,
    }
    return meta + sorted(tags.items())


def header(out):
    out.write("# gesturetrace: 1\n")
    # A plain comment (no key), so no file metadata: the notice Apache-2.0 asks
    # of a changed file.
    out.write(f"# {NOTICE}\n")
    out.write("trace,t,phase,tx,ty,x,y\n")


def main():
    with open(out_dir / "henze-fitts.csv", "w", newline="\n") as out:
        header(out)
        for participant in PARTICIPANTS:
            for number_in_file, stroke in enumerate(strokes("Fitts", participant), start=1):
                if not moves(stroke) or axis(stroke) != "horizontal":
                    continue
                trace_id = f"henze-fitts-p{participant}-{number_in_file:03d}"
                meta = metadata("Fitts", participant, number_in_file, stroke, "library-pager")
                emit(trace_id, meta, stroke, out)
    candidates = []
    for task in ("Paint", "Write"):
        for participant in PARTICIPANTS:
            for number_in_file, stroke in enumerate(strokes(task, participant), start=1):
                if moves(stroke):
                    candidates.append((task, participant, number_in_file, stroke))
    with open(out_dir / "henze-strokes.csv", "w", newline="\n") as out:
        header(out)
        for task, participant, number_in_file, stroke in candidates[::SAMPLE_EVERY]:
            trace_id = f"henze-{task.lower()}-p{participant}-{number_in_file:03d}"
            emit(trace_id, metadata(task, participant, number_in_file, stroke), stroke, out)


main()
