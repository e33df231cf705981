#!/usr/bin/env python3
#
# Copyright 2026 The parquet-fastdecode Authors
#
# Licensed under the Apache License, Version 2.0 (the "License");
# you may not use this file except in compliance with the License.
# You may obtain a copy of the License at
#
#     http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS,
# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
# See the License for the specific language governing permissions and
# limitations under the License.
#

"""Whole-file scans by Arrow C++ (pyarrow.parquet.read_table, one thread) in fresh processes.

The native reference beside the JVM figures of docs/file-scan.md: the same files, the same
shape of report (first scan of a fresh process, scans 2-5, warm). Two modes per file: `arrow`
(every column decoded into Arrow arrays) and `arrow-dict` (string columns kept as dictionaries,
`read_dictionary`). Needs `pip install pyarrow`. `--threads T` above 1 reads with `use_threads=True`
on T CPU threads and T I/O threads (`pa.set_cpu_count`, `pa.set_io_thread_count`), as
parquet-fastdecode-arrow/bench/arrow_filescan.py does for its T-thread rows.

    python3 pyarrow_filescan.py [--procs K] [--scans N] [--threads T] file...
"""
import argparse
import json
import statistics
import subprocess
import sys
import time


def child(path, mode, scans, threads=1):
    start = time.perf_counter()
    import pyarrow as pa
    import pyarrow.parquet as pq  # timed: a fresh process pays for it
    imported = time.perf_counter() - start
    if threads > 1:
        pa.set_cpu_count(threads)
        pa.set_io_thread_count(threads)
    # As the JVM side does: finding the string columns (arrow-dict) reads the footer once more and
    # counts towards scan 1; in arrow mode nothing is read before the first scan.
    first = time.perf_counter()
    strings = None
    if mode == "arrow-dict":
        schema = pq.read_schema(path)
        strings = [f.name for f in schema if str(f.type) in ("string", "large_string", "binary")]
    times = []
    for s in range(scans):
        t = first if s == 0 else time.perf_counter()
        table = pq.read_table(path, use_threads=threads > 1,
                              read_dictionary=strings)
        rows = table.num_rows
        times.append((time.perf_counter() - t) * 1000)
        del table
    print(json.dumps({"import_ms": imported * 1000, "scans": times, "rows": rows}))


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--procs", type=int, default=3, help="fresh processes per mode and file (default 3)")
    p.add_argument("--scans", type=int, default=30, help="scans per process, at least 6 (default 30)")
    p.add_argument("--threads", type=int, default=1, help="threads of each read (default 1: use_threads=False)")
    p.add_argument("--child", nargs=2, metavar=("FILE", "MODE"), help=argparse.SUPPRESS)
    p.add_argument("files", nargs="*")
    a = p.parse_args()
    if a.child:
        child(a.child[0], a.child[1], a.scans, a.threads)
        return
    if not a.files or a.scans < 6:
        p.error("give at least one file and --scans 6 or more")
    import pyarrow
    warm_n = min(10, a.scans - 5)
    print(f"pyarrow {pyarrow.__version__}, {a.threads} thread(s), {a.procs} fresh processes per mode and file, {a.scans} scans each, "
          f"ms per scan (medians over the processes; warm: median of the last {warm_n} scans)\n")
    print("| file | reader | import | scan 1 | scans 2-5 | warm |")
    print("|---|---|---:|---:|---:|---:|")
    for path in a.files:
        for mode in ("arrow", "arrow-dict"):
            runs = []
            for _ in range(a.procs):
                out = subprocess.run([sys.executable, __file__, "--scans", str(a.scans), "--threads", str(a.threads),
                                      "--child", path, mode],
                                     check=True, capture_output=True, text=True).stdout
                runs.append(json.loads(out.strip().splitlines()[-1]))
            med = statistics.median
            print(f"| {path.rsplit('/', 1)[-1]} | {mode} | {med(r['import_ms'] for r in runs):.0f} "
                  f"| {med(r['scans'][0] for r in runs):.0f} "
                  f"| {med(med(r['scans'][1:5]) for r in runs):.0f} "
                  f"| {med(med(r['scans'][-warm_n:]) for r in runs):.0f} |")


if __name__ == "__main__":
    main()
