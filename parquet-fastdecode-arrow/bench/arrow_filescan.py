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
(fresh Python processes) and, with --dataset, Arrow Java's Dataset reader (fresh JVMs), in the same
run, on the same files.

Readers, each loading every column of the file into Arrow:
  fastdecode  ArrowParquetReader, VectorSchemaRoot batches of 65,536 rows, reused
              (src/test/java/.../ArrowFileScan.java); at T threads: parallel(pool of T, T groups, 256 MiB)
  pyarrow     pq.read_table into one Table (../parquet-fastdecode-benchmarks/bench/pyarrow_filescan.py);
              1 thread: use_threads=False; T threads: use_threads=True, pa.set_cpu_count(T),
              pa.set_io_thread_count(T)
  dataset     Arrow Java's Dataset reader, Arrow C++ through JNI (bench/DatasetFileScan.java, compiled
              here against the class path of bench/dataset-pom.xml): FileSystemDatasetFactory,
              ScanOptions of 65,536 rows, every batch loaded through its ArrowReader; its own
              threading (Arrow Java has no thread option for it; one core's worth of CPU time on
              the lineitem files), shown in the first thread count's rows, `arrow` mode only
Two modes: `arrow` (values) and `arrow-dict` (string columns kept as dictionaries: readDictionary,
read_dictionary; the Dataset reader has no such option). Per file, mode and reader: K fresh processes
of N scans, one process of each reader in turn, so a busy spell on the machine hits all of them.
The table gives medians over the processes of scan 1 (a fresh process), of scans 6-10 ("after 5
scans") and of scans 31-35 ("after 30 scans"), and each peer's time divided by this module's at the
same thread count (above 1: this module is faster). With fewer than 35 scans the columns hold what
there is and the header says which scans. A reader that fails on a file (pyarrow cannot keep
DELTA_BYTE_ARRAY or DELTA_LENGTH_BYTE_ARRAY columns as dictionaries) is reported with its error.

Needs pyarrow (`pip install pyarrow`), the module's test classes and, for --dataset, the Dataset
reader's class path (fetched once from the Maven repository; the build does not depend on it; the
pom names the module's Arrow Java, 19.0.0, which that repository does not serve for arrow-dataset:
pass -Darrow.version=18.3.0, the newest it serves). From the repository root:

    mvn -B -o -q -pl parquet-fastdecode-arrow -am test-compile dependency:build-classpath \\
        -Dmdep.outputFile=target/test-classpath.txt -Dmdep.includeScope=test
    mvn -B -q -f parquet-fastdecode-arrow/bench/dataset-pom.xml dependency:build-classpath \\
        -Dmdep.outputFile=../target/dataset-classpath.txt -Darrow.version=18.3.0    # for --dataset
    python3 parquet-fastdecode-arrow/bench/arrow_bench_files.py /tmp/arrowbench --lineitem LINEITEM_PART
    python3 parquet-fastdecode-arrow/bench/arrow_filescan.py [--procs K] [--scans N] [--threads 1,2] \\
        [--dataset] [--java JAVA] [--jvm-opt OPT] [--class-cache DIR] file...

--class-cache DIR starts each Java process from a class archive (AppCDS; on JDK 25 and later an AOT
cache) that one training process of the same reader, file, mode and thread count wrote into DIR
(see ClassCache): what a deployment that ships such an archive gets on its first scan.

LINEITEM_PART: a part file of TPC-H lineitem written by Spark (parquet-fastdecode-spark/bench/run-tpch.sh
writes them); FileScanBenchmark writes /tmp/parquet-fastdecode-filescan-*.parquet on its first use.
docs/arrow.md ("Measuring it") has every step and the figures.
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
MODULE = os.path.dirname(HERE)
PYARROW_CHILD = os.path.join(os.path.dirname(MODULE), "parquet-fastdecode-benchmarks", "bench", "pyarrow_filescan.py")
DATASET_CP = os.path.join(MODULE, "target", "dataset-classpath.txt")
DATASET_CLASSES = os.path.join(MODULE, "target", "dataset-classes")
DATASET_SOURCE = os.path.join(HERE, "DatasetFileScan.java")
JVM_BASE = ["--add-opens=java.base/java.nio=ALL-UNNAMED", "-Dio.netty.noUnsafe=false"]


class ReaderFailed(Exception):
    pass


def run_child(cmd):
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        lines = [l for l in done.stderr.strip().splitlines() if l.strip()]
        raise ReaderFailed(lines[-1] if lines else f"exit {done.returncode}")
    # the result is the last line that is a JSON object (a JVM writing a class archive prints after it)
    return json.loads([l for l in done.stdout.splitlines() if l.startswith("{")][-1])


def java_classpath():
    with open(os.path.join(MODULE, "target", "test-classpath.txt")) as f:
        return ":".join([os.path.join(MODULE, "target", "test-classes"), os.path.join(MODULE, "target", "classes"),
                         f.read().strip()])


def java_run(java, cp, path, mode, scans, threads=1, jvm_opts=()):
    return run_child([java, *JVM_BASE, *jvm_opts, "-cp", cp, "io.github.fastdecode.parquet.arrow.ArrowFileScan",
                      path, mode, str(scans), "65536", str(threads)])


class ClassCache:
    """--class-cache: each Java reader's process starts from a class archive that one training process of
    the same command (3 scans of the same file, mode and thread count) wrote. JDK 25 and later: an AOT
    cache (-XX:AOTCacheOutput, then -XX:AOTCache: classes loaded and linked, method profiles); earlier
    JDKs: an AppCDS archive (-XX:ArchiveClassesAtExit, then -XX:SharedArchiveFile). Both take only jar
    files on the class path, so each class directory on it is first packed into a jar here."""

    def __init__(self, java, directory):
        self.directory = os.path.abspath(directory)
        os.makedirs(self.directory, exist_ok=True)
        out = subprocess.run([java, "-XshowSettings:properties", "-version"], capture_output=True, text=True).stderr
        spec = re.search(r"java\.specification\.version = (\d+)", out)
        self.aot = spec is not None and int(spec.group(1)) >= 25
        self.jars = {}

    def describe(self):
        return "AOT cache (-XX:AOTCache)" if self.aot else "AppCDS archive (-XX:SharedArchiveFile)"

    def classpath(self, cp):
        """The class path with each directory replaced by a jar of it."""
        out = []
        for entry in cp.split(":"):
            if os.path.isdir(entry):
                if entry not in self.jars:
                    jar = os.path.join(self.directory, f"dir{len(self.jars)}.jar")
                    with zipfile.ZipFile(jar, "w", zipfile.ZIP_STORED) as z:
                        for root, _, names in os.walk(entry):
                            for n in sorted(names):
                                full = os.path.join(root, n)
                                z.write(full, os.path.relpath(full, entry))
                    self.jars[entry] = jar
                entry = self.jars[entry]
            out.append(entry)
        return ":".join(out)

    def options(self, key, train):
        """Trains (once per key) through train(jvm_opts) and returns the options that use the archive."""
        archive = os.path.join(self.directory, re.sub(r"[^A-Za-z0-9._-]", "_", key) + (".aot" if self.aot else ".jsa"))
        if not os.path.exists(archive):
            # -Xlog:disable: the archive's warnings would go to standard output, before the child's result
            train(["-Xlog:disable", "-XX:AOTCacheOutput=" + archive] if self.aot
                  else ["-Xlog:disable", "-XX:ArchiveClassesAtExit=" + archive])
        # AOTMode=on / Xshare:on: a process that cannot map its archive fails rather than runs without it
        return ["-XX:AOTMode=on", "-XX:AOTCache=" + archive] if self.aot else ["-Xshare:on", "-XX:SharedArchiveFile=" + archive]


def dataset_classpath(java):
    """Compiles DatasetFileScan.java when its class is missing or older; returns the class path."""
    if not os.path.exists(DATASET_CP):
        sys.exit(f"--dataset: no {DATASET_CP}; fetch the Dataset reader's class path first:\n"
                 "  mvn -B -q -f parquet-fastdecode-arrow/bench/dataset-pom.xml dependency:build-classpath "
                 "-Dmdep.outputFile=../target/dataset-classpath.txt")
    with open(DATASET_CP) as f:
        deps = f.read().strip()
    target = os.path.join(DATASET_CLASSES, "DatasetFileScan.class")
    if not os.path.exists(target) or os.path.getmtime(target) < os.path.getmtime(DATASET_SOURCE):
        found = shutil.which(java)   # the javac beside that java, if there is one
        javac = os.path.join(os.path.dirname(os.path.realpath(found)), "javac") if found else "javac"
        os.makedirs(DATASET_CLASSES, exist_ok=True)
        subprocess.run([javac if os.path.exists(javac) else "javac", "-d", DATASET_CLASSES, "-cp", deps, DATASET_SOURCE],
                       check=True)
    return DATASET_CLASSES + ":" + deps


def dataset_run(java, cp, path, mode, scans, jvm_opts=()):
    return run_child([java, *JVM_BASE, *jvm_opts, "-cp", cp, "DatasetFileScan", path, mode, str(scans), "65536"])


def pyarrow_run(path, mode, scans, threads=1):
    return run_child([sys.executable, PYARROW_CHILD, "--scans", str(scans), "--threads", str(threads),
                      "--child", path, mode])


def windows(scans):
    """(label, slice) of each reported column: scan 1, after 5 scans, after 30 scans, as far as there are scans."""
    out = [("scan 1", slice(0, 1))]
    if scans >= 10:
        out.append(("scans 6-10", slice(5, 10)))
    elif scans >= 2:
        out.append((f"scans 2-{scans}", slice(1, scans)))
    if scans >= 35:
        out.append(("scans 31-35", slice(30, 35)))
    elif scans >= 15:
        out.append((f"scans {scans - 4}-{scans}", slice(scans - 5, scans)))
    elif scans >= 11:
        out.append((f"scans 11-{scans}", slice(10, scans)))
    return out


def load():
    l = os.getloadavg()
    return f"{l[0]:.1f} / {l[1]:.1f} / {l[2]:.1f}"


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--procs", type=int, default=3, help="fresh processes per reader, mode and file (default 3)")
    p.add_argument("--scans", type=int, default=35, help="scans per process (default 35: scan 1, scans 6-10, scans 31-35)")
    p.add_argument("--threads", default="1",
                   help="thread counts for this module and pyarrow, e.g. 1,2 (default 1); the Dataset reader runs once")
    p.add_argument("--dataset", action="store_true", help="add Arrow Java's Dataset reader (see the docstring)")
    p.add_argument("--java", default="java")
    p.add_argument("--jvm-opt", action="append", default=[], metavar="OPT",
                   help="a JVM option for the Java readers' processes, e.g. -Dio.netty.jfr.enabled=false (repeatable)")
    p.add_argument("--class-cache", metavar="DIR",
                   help="start the Java readers from class archives written into DIR by a training process each "
                        "(AppCDS; an AOT cache on JDK 25 and later); see ClassCache")
    p.add_argument("files", nargs="+")
    argv = sys.argv[1:]
    for i in range(len(argv) - 1):   # "--jvm-opt -Dx=y": argparse would take -Dx=y for an option of its own
        if argv[i] == "--jvm-opt":
            argv[i:i + 2] = ["--jvm-opt=" + argv[i + 1], ""]
    a = p.parse_args([x for x in argv if x != ""])
    if a.scans < 1:
        p.error("--scans 1 or more")
    counts = [int(t) for t in a.threads.split(",")]
    import pyarrow
    cols = windows(a.scans)
    labels = " / ".join(c[0] for c in cols)
    version = subprocess.run([a.java, "-version"], capture_output=True, text=True).stderr.splitlines()[0]
    dataset_cp = dataset_classpath(a.java) if a.dataset else None
    java_cp = java_classpath()
    cache = ClassCache(a.java, a.class_cache) if a.class_cache else None
    if cache:
        java_cp = cache.classpath(java_cp)
        dataset_cp = cache.classpath(dataset_cp) if dataset_cp else None
    opts = f" ({' '.join(a.jvm_opt)})" if a.jvm_opt else ""
    if cache:
        opts += f"; Java readers from an {cache.describe()} each, trained by 3 scans of the same file, mode and threads"
    readers = []            # (name, threads), in the order the processes run
    for t in counts:
        readers += [("pyarrow", t), ("fastdecode", t)]
        if t == counts[0] and a.dataset:
            readers.append(("dataset", t))
    print(f"pyarrow {pyarrow.__version__}; {version}{opts}; load average {load()} on {os.cpu_count()} cores; "
          f"{a.procs} processes x {a.scans} scans per reader, mode, file and thread count; "
          f"ms per scan, medians over the processes of: {labels}\n")
    head = f"| file | mode | threads | this module: {labels} | pyarrow | pyarrow ÷ this |"
    rule = "|---|---|---:|---:|---:|---:|"
    if a.dataset:
        head += " Dataset | Dataset ÷ this |"
        rule += "---:|---:|"
    print(head)
    print(rule)
    med = statistics.median
    notes = []
    splits = []

    def note(text):
        if text not in notes:
            notes.append(text)
        return f"fails ({notes.index(text) + 1})"

    for path in a.files:
        name = os.path.basename(path)
        for mode in ("arrow", "arrow-dict"):
            runs = {r: [] for r in readers}
            failed = {}
            for _ in range(a.procs):
                for reader, t in readers:
                    if (reader, t) in failed or (reader == "dataset" and mode != "arrow"):
                        continue
                    try:
                        if reader == "pyarrow":
                            r = pyarrow_run(path, mode, a.scans, t)
                        elif reader == "fastdecode":
                            jvm = a.jvm_opt
                            if cache:
                                jvm = jvm + cache.options(f"fastdecode-{name}-{mode}-{t}", lambda o: java_run(
                                    a.java, java_cp, path, mode, 3, t, a.jvm_opt + o))
                            r = java_run(a.java, java_cp, path, mode, a.scans, t, jvm)
                        else:
                            jvm = a.jvm_opt
                            if cache:
                                jvm = jvm + cache.options(f"dataset-{name}-{mode}", lambda o: dataset_run(
                                    a.java, dataset_cp, path, mode, 3, a.jvm_opt + o))
                            r = dataset_run(a.java, dataset_cp, path, mode, a.scans, jvm)
                        runs[(reader, t)].append(r)
                    except ReaderFailed as e:
                        failed[(reader, t)] = f"{reader}, {name}, {mode}: {e}"
            results = {}
            for key, rs in runs.items():
                if rs and key not in failed:
                    results[key] = ([med(med(r["scans"][s]) for r in rs) for _, s in cols], {r["rows"] for r in rs})
            if len({frozenset(r[1]) for r in results.values()}) > 1:
                raise SystemExit(f"{path} {mode}: rows differ: { {k: v[1] for k, v in results.items()} }")

            def cell(key):
                if key in failed:
                    return note(failed[key])
                if key not in results:
                    return "–"
                return " / ".join(f"{v:.0f}" for v in results[key][0])

            def ratio(peer, ours):
                if peer not in results or ours not in results:
                    return "–"
                return " / ".join(f"{p / o:.2f}" for p, o in zip(results[peer][0], results[ours][0]))

            for t in counts:
                ours = ("fastdecode", t)
                row = f"| {name} | {mode} | {t} | {cell(ours)} | {cell(('pyarrow', t))} | {ratio(('pyarrow', t), ours)} |"
                if a.dataset:
                    if t == counts[0] and mode == "arrow":
                        row += f" {cell(('dataset', t))} | {ratio(('dataset', t), ours)} |"
                    else:
                        row += " – | – |"
                print(row)
            for key in (("fastdecode", counts[0]), ("dataset", counts[0])):
                rs = runs.get(key)
                if rs and key not in failed:
                    splits.append(f"| {name} | {mode} | {key[0]} | {med(r['scans'][0] for r in rs):.0f} "
                                  f"| {med(r['open'][0] for r in rs):.0f} | {med(r['first_batch'][0] for r in rs):.0f} |")
            sys.stdout.flush()
    if a.dataset:
        print("\nDataset: `arrow` mode only (Arrow Java's Dataset reader has no option to keep strings as dictionaries).")
    for i, text in enumerate(notes, 1):
        print(f"\n({i}) {text}")
    print(f"\nScan 1 of the Java readers at {counts[0]} thread(s), split (medians): opening the file, then its first batch\n")
    print("| file | mode | reader | scan 1 | open | first batch |")
    print("|---|---|---|---:|---:|---:|")
    print("\n".join(splits))
    print(f"\nload average at the end {load()}")


if __name__ == "__main__":
    main()
