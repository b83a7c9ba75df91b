"""The summary of tools/bench computed by DuckDB and by polars.

Usage: bench-baselines.py CORPUS RUNS "TRACES LYRICS PLAYER MEDIAN" GOAL_S FULL_S

Per trace: lyrics-swap completes when |ty| > 80 at any began/changed row;
player-sheet (opening upward, velocity-sign rule) completes when the ended
row's vy <= 0, and a cancelled trace cancels. Then the two completion
counts, the median duration (ms) and the p90 release speed (pt/s, from the
last row's vx, vy). Prints each tool's best time, its result, the ratios to
gesturetrace's times, and exits 1 when the counts disagree.
"""

import resource
import sys
import time

path, runs = sys.argv[1], int(sys.argv[2])
ours = sys.argv[3].split()
goal_seconds, full_seconds = float(sys.argv[4]), float(sys.argv[5])
expected = (int(ours[0]), int(ours[1]), int(ours[2]))
expected_median = float(ours[3])


def duckdb_summary():
    import duckdb

    connection = duckdb.connect()
    connection.execute("SET threads TO 2")
    return connection.execute(
        f"""
        WITH per AS (
          SELECT trace,
            bool_or(phase IN ('began', 'changed') AND abs(ty) > 80) AS lyrics,
            bool_or(phase = 'ended' AND vy <= 0) AS player,
            max(t) - min(t) AS duration,
            max(CASE WHEN phase IN ('ended', 'cancelled')
                THEN sqrt(vx * vx + vy * vy) END) AS release
          FROM read_csv('{path}', delim = ',', quote = '"', comment = '#', header = true,
            auto_detect = false, columns = {{
            'trace': 'VARCHAR', 't': 'DOUBLE', 'phase': 'VARCHAR', 'tx': 'DOUBLE',
            'ty': 'DOUBLE', 'vx': 'DOUBLE', 'vy': 'DOUBLE'}})
          GROUP BY trace)
        SELECT count(*), sum(lyrics::INT), sum(player::INT),
          quantile_cont(duration * 1000, 0.5), quantile_cont(release, 0.9)
        FROM per
        """
    ).fetchone()


def polars_summary():
    import polars as pl

    final = pl.col("phase").is_in(["ended", "cancelled"])
    per = (
        pl.scan_csv(
            path,
            comment_prefix="#",
            schema={
                "trace": pl.String, "t": pl.Float64, "phase": pl.String, "tx": pl.Float64,
                "ty": pl.Float64, "vx": pl.Float64, "vy": pl.Float64,
            },
        )
        .group_by("trace")
        .agg(
            lyrics=(~final & (pl.col("ty").abs() > 80)).any(),
            player=((pl.col("phase") == "ended") & (pl.col("vy") <= 0)).any(),
            duration=pl.col("t").max() - pl.col("t").min(),
            release=pl.when(final)
            .then((pl.col("vx") ** 2 + pl.col("vy") ** 2).sqrt())
            .max(),
        )
    )
    row = per.select(
        pl.len(),
        pl.col("lyrics").sum(),
        pl.col("player").sum(),
        (pl.col("duration") * 1000).quantile(0.5, interpolation="linear"),
        pl.col("release").quantile(0.9, interpolation="linear"),
    ).collect().row(0)
    return row


failed = False
for name, summary in [("duckdb", duckdb_summary), ("polars", polars_summary)]:
    best, result = None, None
    for _ in range(runs):
        start = time.perf_counter()
        result = summary()
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    counts = (int(result[0]), int(result[1]), int(result[2]))
    agrees = counts == expected and abs(float(result[3]) - expected_median) < 1e-6
    failed = failed or not agrees
    print(
        f"  {name:7} {best:.3f} s  traces {counts[0]}, lyrics-swap {counts[1]},"
        f" player-sheet {counts[2]}, median duration {float(result[3]):.4f} ms,"
        f" p90 release {float(result[4]):.1f} pt/s"
        f"  [{'agrees' if agrees else 'DISAGREES'} with gesturetrace]"
    )
    print(
        f"          gesturetrace / {name}: goal {goal_seconds / best:.2f}"
        f" (target <= 0.25 for polars), full analysis {full_seconds / best:.2f}"
        f" (target <= 0.35 for polars)"
    )
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
print(f"  peak RSS of the Python process (both tools): {peak} MB")
sys.exit(1 if failed else 0)
