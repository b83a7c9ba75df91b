"""DuckDB writing the rows of tools/bench's corpus grouped per trace as JSON,
the baseline of `gesturetrace convert CORPUS -o CORPUS.jsonl`.

Usage: bench-convert-baseline.py CORPUS RUNS CONVERT_S

Times the COPY statement (after the import and the connection, two threads
as gesturetrace has) best of RUNS, prints its time, its output's size and
peak RSS, and convert's time over DuckDB's.
"""

import os
import resource
import sys
import time

path, runs, convert_seconds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
target = os.path.join(os.path.dirname(path), "duckdb-convert.json")

import duckdb

connection = duckdb.connect()
connection.execute("SET threads TO 2")
query = f"""
COPY (
  SELECT trace, list(struct_pack(t, phase, tx, ty, vx, vy)) AS events
  FROM read_csv('{path}', delim = ',', quote = '"', comment = '#', header = true,
    auto_detect = false, columns = {{
    'trace': 'VARCHAR', 't': 'DOUBLE', 'phase': 'VARCHAR', 'tx': 'DOUBLE',
    'ty': 'DOUBLE', 'vx': 'DOUBLE', 'vy': 'DOUBLE'}})
  GROUP BY trace
) TO '{target}' (FORMAT json)
"""
best = None
for _ in range(runs):
    start = time.perf_counter()
    connection.execute(query)
    elapsed = time.perf_counter() - start
    best = elapsed if best is None else min(best, elapsed)
size = os.path.getsize(target)
os.remove(target)
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
print(f"  DuckDB {duckdb.__version__}: {best:.2f} s, {size // 1000000} MB written, peak RSS {rss} MB")
print(f"  convert / DuckDB: {convert_seconds / best:.2f}")
