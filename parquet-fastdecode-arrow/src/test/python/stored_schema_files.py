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

"""Writes small Parquet files with pyarrow whose stored Arrow schema (ARROW:schema)
restores types Parquet cannot say (time zones other than UTC, large types,
durations, dictionaries, decimal256, fixed-size lists), and pyarrow's read_table expectations for
them, for ArrowPyarrowEqualityTest. The files are checked in (a few KB each),
since parquet-java does not write Arrow schemas.

Run by regenerate.sh after pyarrow_expectations.py, or alone:
  python3 stored_schema_files.py --files <dir> --out <expectations dir>
It adds its expectation files to the index.txt in --out.
"""
import argparse
import decimal
import os
import random
import sys

import pyarrow as pa
import pyarrow.parquet as pq

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pyarrow_expectations import expectation  # noqa: E402

ROWS = 48


def maybe(rnd, value, null_share=0.15):
    return None if rnd.random() < null_share else value


def table(seed):
    rnd = random.Random(seed)
    n = ROWS
    i64 = lambda lo, hi: [maybe(rnd, rnd.randint(lo, hi)) for _ in range(n)]  # noqa: E731
    words = ["", "a", "zürich", "東京", "longer value " * 3, "x" * 40]
    columns = {"id": pa.array(range(n), pa.int64())}
    for zone, short in (("America/New_York", "ny"), ("Asia/Kolkata", "kol")):
        for unit in ("ms", "us", "ns"):
            scale = {"ms": 1, "us": 1000, "ns": 1000000}[unit]
            columns[f"ts_{short}_{unit}"] = pa.array(
                [None if v is None else v * scale for v in i64(-2_000_000_000_000, 4_000_000_000_000)],
                pa.timestamp(unit, tz=zone))
    # Seconds have no Parquet unit: written as milliseconds, read back as timestamp[ms] in the zone.
    columns["ts_kol_s"] = pa.array(i64(-2_000_000_000, 4_000_000_000), pa.timestamp("s", tz="Asia/Kolkata"))
    columns["ts_utc_us"] = pa.array(i64(-2_000_000_000_000, 4_000_000_000_000), pa.timestamp("us", tz="UTC"))
    columns["ts_local_ms"] = pa.array(i64(-2_000_000_000_000, 4_000_000_000_000), pa.timestamp("ms"))
    columns["large_s"] = pa.array([maybe(rnd, rnd.choice(words)) for _ in range(n)], pa.large_string())
    columns["large_b"] = pa.array([maybe(rnd, rnd.randbytes(rnd.randint(0, 12))) for _ in range(n)], pa.large_binary())
    columns["large_l"] = pa.array(
        [maybe(rnd, [maybe(rnd, rnd.randint(-2**31, 2**31 - 1), 0.1) for _ in range(rnd.randint(0, 4))]) for _ in range(n)],
        pa.large_list(pa.int32()))
    for unit in ("s", "ms", "us", "ns"):
        columns[f"dur_{unit}"] = pa.array(i64(-2**62, 2**62), pa.duration(unit))
    columns["dict_s"] = pa.array([maybe(rnd, rnd.choice(words)) for _ in range(n)]).dictionary_encode()
    columns["dict8_s"] = pa.array([maybe(rnd, rnd.choice(words[:4])) for _ in range(n)]).dictionary_encode().cast(
        pa.dictionary(pa.int8(), pa.string()))
    columns["dict_large_s"] = pa.array([maybe(rnd, rnd.choice(words)) for _ in range(n)], pa.large_string()).dictionary_encode()
    columns["dec256"] = pa.array([None if v is None else decimal.Decimal(v).scaleb(-2) for v in i64(-10**9, 10**9)],
                                 pa.decimal256(12, 2))
    st_type = pa.struct([("tags", pa.large_list(pa.large_string())), ("wait", pa.duration("ms")),
                         ("at", pa.timestamp("us", tz="Asia/Kolkata"))])
    columns["st"] = pa.array(
        [maybe(rnd, {"tags": maybe(rnd, [maybe(rnd, rnd.choice(words), 0.1) for _ in range(rnd.randint(0, 3))]),
                     "wait": maybe(rnd, rnd.randint(-10**9, 10**9)),
                     "at": maybe(rnd, rnd.randint(0, 10**15))}) for _ in range(n)], st_type)
    columns["m"] = pa.array(
        [maybe(rnd, [(f"k{j}", maybe(rnd, rnd.choice(words))) for j in range(rnd.randint(0, 3))]) for _ in range(n)],
        pa.map_(pa.large_string(), pa.large_string()))
    columns["l_ts"] = pa.array(
        [maybe(rnd, [maybe(rnd, rnd.randint(0, 10**18), 0.1) for _ in range(rnd.randint(0, 3))]) for _ in range(n)],
        pa.large_list(pa.timestamp("ns", tz="America/New_York")))
    # Not restored by pyarrow: date64 comes back as date32.
    columns["d64"] = pa.array([None if v is None else v * 86_400_000 for v in i64(-20000, 20000)], pa.date64())
    t = pa.table(columns)
    return t.replace_schema_metadata(None).cast(
        t.schema.set(t.schema.get_field_index("id"), pa.field("id", pa.int64(), False, metadata={"comment": "row number"})))


def nested_dictionary_table(seed):
    """Dictionary types below the top level, which a stored schema restores: in a list, a struct,
    a map's keys and values, with int8, int16 and int32 indices."""
    rnd = random.Random(seed)
    n = ROWS
    words = ["", "a", "zürich", "東京", "longer value " * 3, "x" * 40]
    d8 = pa.dictionary(pa.int8(), pa.string())
    d16 = pa.dictionary(pa.int16(), pa.binary())
    d32 = pa.dictionary(pa.int32(), pa.string())
    word = lambda: maybe(rnd, rnd.choice(words), 0.1)  # noqa: E731
    columns = {"id": pa.array(range(n), pa.int64())}
    columns["l_dict"] = pa.array([maybe(rnd, [word() for _ in range(rnd.randint(0, 4))]) for _ in range(n)],
                                 pa.list_(pa.string())).cast(pa.list_(d8))
    columns["st"] = pa.array(
        [maybe(rnd, {"name": word(), "raw": maybe(rnd, rnd.choice(words).encode("utf-8")), "n": rnd.randint(0, 9)})
         for _ in range(n)],
        pa.struct([("name", pa.string()), ("raw", pa.binary()), ("n", pa.int32())])).cast(
        pa.struct([("name", d32), ("raw", d16), ("n", pa.int32())]))
    columns["m"] = pa.array(
        [maybe(rnd, [(f"k{j}", word()) for j in range(rnd.randint(0, 3))]) for _ in range(n)],
        pa.map_(pa.string(), pa.string())).cast(pa.map_(d32, d8))
    return pa.table(columns)


def fixed_size_list_table(seed):
    """fixed_size_list, which Parquet stores as a list and a stored schema restores: of ints, of
    strings, of fixed-size lists, in a list and in a struct, of structs and of dictionaries, with
    null lists (which hold null elements in Arrow) and null elements."""
    rnd = random.Random(seed)
    n = ROWS
    words = ["", "a", "zürich", "東京", "longer value " * 3, "x" * 40]
    word = lambda: maybe(rnd, rnd.choice(words), 0.1)  # noqa: E731
    small = lambda lo, hi: maybe(rnd, rnd.randint(lo, hi), 0.1)  # noqa: E731
    fixed = lambda make, size: maybe(rnd, [make() for _ in range(size)])  # noqa: E731
    columns = {"id": pa.array(range(n), pa.int64())}
    columns["fsl_i32"] = pa.array([fixed(lambda: small(-2**31, 2**31 - 1), 3) for _ in range(n)], pa.list_(pa.int32(), 3))
    columns["fsl_s"] = pa.array([fixed(word, 2) for _ in range(n)], pa.list_(pa.string(), 2))
    columns["fsl_fsl"] = pa.array([fixed(lambda: fixed(lambda: small(-2**15, 2**15 - 1), 2), 2) for _ in range(n)],
                                  pa.list_(pa.list_(pa.int16(), 2), 2))
    columns["l_fsl"] = pa.array(
        [maybe(rnd, [fixed(lambda: small(-2**63, 2**63 - 1), 2) for _ in range(rnd.randint(0, 3))]) for _ in range(n)],
        pa.list_(pa.list_(pa.int64(), 2)))
    columns["st"] = pa.array(
        [maybe(rnd, {"v": fixed(lambda: maybe(rnd, rnd.uniform(-1e6, 1e6), 0.1), 2), "n": small(0, 9)}) for _ in range(n)],
        pa.struct([("v", pa.list_(pa.float64(), 2)), ("n", pa.int32())]))
    columns["fsl_st"] = pa.array([fixed(lambda: maybe(rnd, {"a": small(0, 99), "b": word()}, 0.1), 2) for _ in range(n)],
                                 pa.list_(pa.struct([("a", pa.int32()), ("b", pa.string())]), 2))
    columns["fsl_dict"] = pa.array([fixed(word, 2) for _ in range(n)], pa.list_(pa.string(), 2)).cast(
        pa.list_(pa.dictionary(pa.int8(), pa.string()), 2))
    return pa.table(columns)


FIXED_SIZE_LIST_FILES = {
    "stored-schema-v4-fixed-size-list.parquet": dict(row_group_size=30),
}

NESTED_DICTIONARY_FILES = {
    "stored-schema-v3-nested-dict.parquet": dict(row_group_size=30),
}

FILES = {
    # name: write_table options
    "stored-schema-v1-snappy.parquet": dict(row_group_size=30, write_statistics=False),
    "stored-schema-v2-zstd.parquet": dict(data_page_version="2.0", compression="zstd", data_page_size=128, write_statistics=False),
}


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--files", required=True, help="where the Parquet files go (the test resources)")
    p.add_argument("--out", required=True, help="the pyarrow expectations directory (with index.txt)")
    a = p.parse_args()
    os.makedirs(a.files, exist_ok=True)
    index_path = os.path.join(a.out, "index.txt")
    with open(index_path, encoding="utf-8") as f:
        index = [line.strip() for line in f if line.strip()]
    cases = [(name, options, table(seed)) for seed, (name, options) in enumerate(sorted(FILES.items()))]
    cases += [(name, options, nested_dictionary_table(100 + seed))
              for seed, (name, options) in enumerate(sorted(NESTED_DICTIONARY_FILES.items()))]
    cases += [(name, options, fixed_size_list_table(200 + seed))
              for seed, (name, options) in enumerate(sorted(FIXED_SIZE_LIST_FILES.items()))]
    for name, options, t in cases:
        path = os.path.join(a.files, name)
        pq.write_table(t, path, **options)
        label = "resources/stored-schema/" + name
        out = label.replace("/", "__").replace(".parquet", "") + ".txt"
        with open(os.path.join(a.out, out), "w", encoding="utf-8") as f:
            f.write(expectation(path, label, []))
        if out not in index:
            index.append(out)
        print(f"{name}: {os.path.getsize(path)} bytes")
    with open(index_path, "w", encoding="utf-8") as f:
        f.write("\n".join(index) + "\n")


if __name__ == "__main__":
    main()
