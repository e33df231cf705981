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

"""Whole files into Arrow: this module's ArrowParquetReader (fresh JVMs) against pyarrow's read_table
(fresh Python processes, one thread), in the same run, on the same files.

Each reader loads every column of the file into Arrow vectors (VectorSchemaRoot batches of 65,536
rows, reused; pyarrow: one Table), in two modes: `arrow` (values) and `arrow-dict` (string
columns kept as dictionaries). Per reader, mode and file: K fresh processes of N scans; the table
gives medians over the processes of scan 1, of scans 2-5 and of the last 10 scans (warm), and
pyarrow's time divided by ours (above 1: we are faster). Needs pyarrow (`pip install pyarrow`) and
the module's test classes. `--threads 1,2` instead compares this module's single-threaded scan with
its parallel scan (`ArrowReadOptions.parallel`: that many column groups on a pool of that many threads),
each in fresh JVMs, alternating, without pyarrow; ratios are the first count's time over each other's:

    mvn -B -o -q -pl parquet-fastdecode-arrow -am test-compile dependency:build-classpath \\
        -Dmdep.outputFile=target/test-classpath.txt -Dmdep.includeScope=test
    python3 parquet-fastdecode-arrow/bench/arrow_filescan.py [--procs K] [--scans N] [--java JAVA] [--jvm-opt OPT] file...
    python3 parquet-fastdecode-arrow/bench/arrow_filescan.py --threads 1,2 [--procs K] [--scans N] file...
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
MODULE = os.path.dirname(HERE)
PYARROW_CHILD = os.path.join(os.path.dirname(MODULE), "parquet-fastdecode-benchmarks", "bench", "pyarrow_filescan.py")


def java_run(java, path, mode, scans, threads=1, jvm_opts=()):
    with open(os.path.join(MODULE, "target", "test-classpath.txt")) as f:
        cp = ":".join([os.path.join(MODULE, "target", "test-classes"), os.path.join(MODULE, "target", "classes"), f.read().strip()])
    cmd = [java, "--add-opens=java.base/java.nio=ALL-UNNAMED", "-Dio.netty.noUnsafe=false", *jvm_opts, "-cp", cp,
           "io.github.fastdecode.parquet.arrow.ArrowFileScan", path, mode, str(scans), "65536", str(threads)]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def pyarrow_run(path, mode, scans):
    out = subprocess.run([sys.executable, PYARROW_CHILD, "--scans", str(scans), "--child", path, mode],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--procs", type=int, default=3, help="fresh processes per reader, mode and file (default 3)")
    p.add_argument("--scans", type=int, default=15, help="scans per process, at least 6 (default 15)")
    p.add_argument("--java", default="java")
    p.add_argument("--jvm-opt", action="append", default=[], metavar="OPT",
                   help="a JVM option for this module's processes, e.g. -Dio.netty.jfr.enabled=false (repeatable)")
    p.add_argument("--threads", help="compare this module's scans at these thread counts (e.g. 1,2), without pyarrow")
    p.add_argument("files", nargs="+")
    a = p.parse_args()
    if a.scans < 6:
        p.error("--scans 6 or more")
    if a.threads:
        return threads_main(a, [int(t) for t in a.threads.split(",")])
    import pyarrow
    version = subprocess.run([a.java, "-version"], capture_output=True, text=True).stderr.splitlines()[0]
    warm_n = min(10, a.scans - 5)
    opts = f" ({' '.join(a.jvm_opt)})" if a.jvm_opt else ""
    print(f"pyarrow {pyarrow.__version__}, {version}{opts}; {a.procs} processes x {a.scans} scans per reader, mode and file; "
          f"ms per scan, medians over the processes (warm: median of the last {warm_n} scans)\n")
    print("| file | mode | reader | scan 1 | scans 2-5 | warm | pyarrow ÷ this: scan 1 | scans 2-5 | warm |")
    print("|---|---|---|---:|---:|---:|---:|---:|---:|")
    med = statistics.median
    splits = []
    for path in a.files:
        for mode in ("arrow", "arrow-dict"):
            runs = {"pyarrow": [], "fastdecode": []}
            for _ in range(a.procs):
                # One process of each reader in turn, so a busy spell on the machine hits both.
                runs["pyarrow"].append(pyarrow_run(path, mode, a.scans))
                runs["fastdecode"].append(java_run(a.java, path, mode, a.scans, 1, a.jvm_opt))
            results = {}
            for reader, rs in runs.items():
                results[reader] = (med(r["scans"][0] for r in rs), med(med(r["scans"][1:5]) for r in rs),
                                   med(med(r["scans"][-warm_n:]) for r in rs), {r["rows"] for r in rs})
            if results["pyarrow"][3] != results["fastdecode"][3]:
                raise SystemExit(f"{path}: rows differ: {results}")
            name = os.path.basename(path)
            split = (med(r["open"][0] for r in runs["fastdecode"]), med(r["first_batch"][0] for r in runs["fastdecode"]))
            splits.append(f"| {os.path.basename(path)} | {mode} | {results['fastdecode'][0]:.0f} | {split[0]:.0f} | {split[1]:.0f} |")
            for reader in ("pyarrow", "fastdecode"):
                f, e, w, _ = results[reader]
                ratios = " | | "
                if reader == "fastdecode":
                    pf, pe, pw, _ = results["pyarrow"]
                    ratios = f"{pf / f:.2f} | {pe / e:.2f} | {pw / w:.2f}"
                print(f"| {name} | {mode} | {reader} | {f:.0f} | {e:.0f} | {w:.0f} | {ratios} |")
            sys.stdout.flush()
    print("\nThis module's scan 1, split (medians): opening the file, then its first batch\n")
    print("| file | mode | scan 1 | open | first batch |")
    print("|---|---|---:|---:|---:|")
    print("\n".join(splits))


def threads_main(a, counts):
    version = subprocess.run([a.java, "-version"], capture_output=True, text=True).stderr.splitlines()[0]
    warm_n = min(10, a.scans - 5)
    load = os.getloadavg()
    opts = f" ({' '.join(a.jvm_opt)})" if a.jvm_opt else ""
    print(f"{version}{opts}; load average {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f} on {os.cpu_count()} cores; {a.procs} processes x "
          f"{a.scans} scans per thread count, mode and file; ms per scan, medians over the processes "
          f"(warm: median of the last {warm_n} scans)\n")
    print("| file | mode | threads | scan 1 | scans 2-5 | warm | speed-up over " + str(counts[0]) + ": scans 2-5 | warm |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    med = statistics.median
    for path in a.files:
        for mode in ("arrow", "arrow-dict"):
            runs = {t: [] for t in counts}
            for _ in range(a.procs):
                for t in counts:   # alternating, so a busy spell on the machine hits every count
                    runs[t].append(java_run(a.java, path, mode, a.scans, t, a.jvm_opt))
            results = {t: (med(r["scans"][0] for r in rs), med(med(r["scans"][1:5]) for r in rs),
                           med(med(r["scans"][-warm_n:]) for r in rs), {r["rows"] for r in rs}) for t, rs in runs.items()}
            if len({frozenset(r[3]) for r in results.values()}) != 1:
                raise SystemExit(f"{path}: rows differ: {results}")
            base = results[counts[0]]
            for t in counts:
                f, e, w, _ = results[t]
                print(f"| {os.path.basename(path)} | {mode} | {t} | {f:.0f} | {e:.0f} | {w:.0f} | {base[1] / e:.2f} | {base[2] / w:.2f} |")
            sys.stdout.flush()
    load = os.getloadavg()
    print(f"\nload average at the end {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f}")


if __name__ == "__main__":
    main()
