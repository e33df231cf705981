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

"""The command line against its peers, whole commands timed as a user runs them (docs/cli.md).

For each Parquet file given (a file or a directory of part files, e.g. TPC-H lineitem written by
Spark), these run in turn, A B C A B C ..., each in a fresh process, output to /dev/null:

  cat         parquet-fastdecode cat (JSON Lines)   vs  parquet-cli's `parquet cat` (one process
              per part file, as it takes no directories)   and DuckDB's COPY ... TO 'x.json'
              (one thread), reported beside them
  check       parquet-fastdecode check (every page read, decoded, CRCs verified)   vs  pyarrow
              reading every column of every file (read_table, one thread, CRCs verified)

It prints each command's median wall and CPU seconds and the peers' median over ours (above 1:
this tool is faster). Needs the tool's jar (mvn -B -pl parquet-fastdecode-cli -am package
-DskipTests), parquet-cli's jars (mvn -f parquet-cli-pom.xml dependency:copy-dependencies
-DoutputDirectory=DIR), and `pip install pyarrow duckdb`.

    python3 cli_vs_peers.py --parquet-cli DIR [--runs N] path...
"""
import argparse
import glob
import os
import resource
import shlex
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
LAUNCHER = os.path.join(HERE, "..", "bin", "parquet-fastdecode")


def parts(path):
    if os.path.isdir(path):
        return sorted(f for f in glob.glob(os.path.join(path, "**", "*"), recursive=True)
                      if os.path.isfile(f) and not os.path.basename(f).startswith(("_", ".")) and not f.endswith(".crc"))
    return [path]


def run(argv):
    """Wall and CPU seconds of one child process (and its children), output discarded."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with open(os.devnull, "wb") as null:
        done = subprocess.run(argv, stdout=null, stderr=subprocess.PIPE)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(" ".join(argv[:3]) + "...: exit " + str(done.returncode) + ": " + done.stderr.decode()[-500:])
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def commands(path, parquet_cli):
    java_cp = os.path.join(parquet_cli, "*")
    # parquet-cli's output goes through its logger: no slf4j-nop on its class path.
    cli = ["java", "-cp", java_cp, "org.apache.parquet.cli.Main"]
    files = parts(path)
    pcat = ["sh", "-c", " && ".join(" ".join(shlex.quote(w) for w in cli + ["cat", f]) for f in files)]
    duck = [sys.executable, "-c",
            "import duckdb,sys; c=duckdb.connect(); c.execute('SET threads=1');"
            "c.execute(\"COPY (SELECT * FROM read_parquet(\" + repr(sys.argv[1:]) + \")) TO '/dev/null' (FORMAT json)\")"] + files
    pyarrow = [sys.executable, "-c",
               "import pyarrow.parquet as pq,sys\n"
               "for f in sys.argv[1:]: pq.read_table(f, use_threads=False, page_checksum_verification=True)"] + files
    return {
        "cat": [("parquet-fastdecode cat", [LAUNCHER, "cat", path]), ("parquet-cli cat", pcat), ("DuckDB COPY TO json", duck)],
        "check": [("parquet-fastdecode check", [LAUNCHER, "check", path]), ("pyarrow read_table", pyarrow)],
    }


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--parquet-cli", required=True, help="directory holding parquet-cli's jars")
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("paths", nargs="+")
    a = p.parse_args()
    for path in a.paths:
        for task, contenders in commands(path, a.parquet_cli).items():
            times = {name: [] for name, _ in contenders}
            for _ in range(a.runs):
                for name, argv in contenders:
                    times[name].append(run(argv))
            ours = statistics.median(w for w, _ in times[contenders[0][0]])
            print(f"{path} {task}:")
            for name, _ in contenders:
                wall = statistics.median(w for w, _ in times[name])
                cpu = statistics.median(c for _, c in times[name])
                ratio = "" if name == contenders[0][0] else f"  peer / ours {wall / ours:.2f}"
                print(f"  {name:26s} wall {wall:7.2f} s  cpu {cpu:7.2f} s{ratio}")


if __name__ == "__main__":
    main()
