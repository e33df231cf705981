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

"""Writes what pyarrow's read_table(path).to_pylist() gives for the CLI's test files and
parquet-testing's, rendered as `parquet-fastdecode cat` prints values, for CatPyarrowTest to compare
cat's JSON Lines with, value for value.

Run by regenerate.sh (next to this file), which first has CatTestFiles write the parquet-java files.
Per file that pyarrow reads, one text file:

  file <generated|parquet-testing>/<name>     the file read
  rows <shown> of <total>                     the first rows only (--rows, fewer for wide files:
                                              --max-values), as `head -n` takes them
  floats <path>=<float32|float64> ...         the JSON paths of floating-point values (see below)
  {...}                                       one JSON object per row, as cat prints it

and index.txt (the expectation files) and skipped.txt (`<label>: <why>`, the files pyarrow cannot
read). How each pyarrow value is rendered (cat's logical mapping, docs/cli.md):

  null, bool, int        null, true/false, the integer (unsigned integers unsigned)
  float, double          the number (Python's repr; a float32 is its exact value widened to a
                         double, a FLOAT16 likewise); NaN and infinities as "NaN", "Infinity",
                         "-Infinity". The test compares these as numbers of their type (the paths
                         under `floats`: name, '[]' for a list element, key/value inside a map),
                         so -0.0 differs from 0.0 and Java's and Python's digits may differ.
  decimal                the exact plain text of the Decimal, its scale kept (17.00, 0.0000)
  date32                 ISO-8601 date, a sign before years beyond 0000-9999 (+10000-01-01)
  time32/64              HH:MM:SS and the unit's digits (ms 3, us 6, ns 9), from the stored integer
  timestamp              ISO-8601 with the unit's digits, from the stored integer; 'Z' when the
                         type has a time zone (Parquet's isAdjustedToUTC), none when it has not
  INT96 columns          pyarrow reads them as timestamp[ns] without a zone, which wraps beyond
                         1677-2262; the exact instant is pyarrow's reading in seconds plus the
                         sub-second digits of its nanoseconds (exact modulo 2^64). cat prints INT96
                         as a UTC instant (as Spark reads it), so the expectation adds 'Z'. Where
                         the microseconds overflow a long (beyond about 292,000 years), cat wraps
                         them as Spark's reader does (so Spark's own far dates come back as
                         written) and pyarrow does not: {"not compared": ...}, counted by the test
  string, JSON           the text
  ENUM columns           pyarrow reads them as binary; cat prints ENUM as text (UTF-8, as the
                         Parquet spec defines it), so the expectation decodes the bytes
  binary, fixed binary   base64
  arrow.uuid             8-4-4-4-12 hex
  list                   an array; struct: an object, fields in order; map: an array of
                         {"key": k, "value": v}; dictionary-encoded: the decoded values
"""
import argparse
import base64
import math
import os
import sys
import uuid

import pyarrow as pa
import pyarrow.parquet as pq


class NotCompared:
    def __init__(self, why):
        self.why = why


def civil(days):
    """Proleptic Gregorian (year, month, day) of days since 1970-01-01, any range."""
    z = days + 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + 3 if mp < 10 else mp - 9
    return yoe + era * 400 + (1 if m <= 2 else 0), m, d


def date_text(days):
    y, m, d = civil(days)
    year = f"{abs(y):04d}"
    if y < 0 or y > 9999:
        year = ("-" if y < 0 else "+") + year
    return f"{year}-{m:02d}-{d:02d}"


DIGITS = {"s": 0, "ms": 3, "us": 6, "ns": 9}


def clock(seconds_of_day, fraction, digits):
    h, rest = divmod(seconds_of_day, 3600)
    mi, s = divmod(rest, 60)
    return f"{h:02d}:{mi:02d}:{s:02d}" + (f".{fraction:0{digits}d}" if digits else "")


def timestamp_text(v, unit, utc):
    per = 10 ** DIGITS[unit]
    seconds, fraction = divmod(v, per)
    days, sod = divmod(seconds, 86400)
    return date_text(days) + "T" + clock(sod, fraction, DIGITS[unit]) + ("Z" if utc else "")


def float_value(v):
    if v is None:
        return None
    if math.isnan(v):
        return "NaN"
    if math.isinf(v):
        return "Infinity" if v > 0 else "-Infinity"
    return v


def render(arr, int96=None, text=False):
    """Per position of arr (an unsliced pyarrow Array) the value cat prints, as Python objects.
    int96: the column's values read in seconds, when it is an INT96 column; text: a binary
    column annotated ENUM, which pyarrow reads as bytes and cat prints as the text it is."""
    t = arr.type
    if isinstance(arr, pa.ExtensionArray):
        name = t.extension_name
        storage = render(arr.storage)
        if name == "arrow.uuid":
            return [None if b is None else str(uuid.UUID(bytes=base64.b64decode(b))) for b in storage]
        return storage  # arrow.json: the text; others: their storage's values
    valid = arr.is_valid().to_pylist()
    if pa.types.is_dictionary(t):
        return render(arr.dictionary_decode())
    if pa.types.is_map(t) or pa.types.is_list(t) or pa.types.is_large_list(t):
        offsets = arr.offsets.to_pylist()
        if pa.types.is_map(t):
            keys, items = render(arr.values.field(0)), render(arr.values.field(1))
            child = [{"key": k, "value": v} for k, v in zip(keys, items)]
        else:
            child = render(arr.values)
        return [child[offsets[i]:offsets[i + 1]] if valid[i] else None for i in range(len(arr))]
    if pa.types.is_struct(t):
        fields = [(t.field(i).name, render(arr.field(i))) for i in range(t.num_fields)]
        return [{name: vals[i] for name, vals in fields} if valid[i] else None for i in range(len(arr))]
    if pa.types.is_floating(t):
        values = [float_value(v) for v in arr.to_pylist()]
    elif pa.types.is_boolean(t) or pa.types.is_integer(t) or pa.types.is_decimal(t):
        values = arr.to_pylist()
    elif pa.types.is_date32(t):
        values = [None if v is None else date_text(v) for v in arr.view(pa.int32()).to_pylist()]
    elif pa.types.is_time32(t) or pa.types.is_time64(t):
        per = 10 ** DIGITS[t.unit]
        raw = arr.view(pa.int32() if pa.types.is_time32(t) else pa.int64()).to_pylist()
        values = [None if v is None else clock(v // per, v % per, DIGITS[t.unit]) for v in raw]
    elif pa.types.is_timestamp(t):
        raw = arr.view(pa.int64()).to_pylist()
        if int96 is not None:
            values = []
            for ns, seconds in zip(raw, int96):
                if ns is None:
                    values.append(None)
                    continue
                # the exact instant: pyarrow's seconds are exact, its nanoseconds wrap modulo 2^64
                fraction = (ns - seconds * 1_000_000_000) % (1 << 64)
                exact = seconds * 1_000_000_000 + fraction
                if fraction >= 1_000_000_000:
                    raise SystemExit(f"INT96 readings disagree: {ns} ns, {seconds} s")
                if -(1 << 63) <= exact // 1000 < (1 << 63):
                    values.append(timestamp_text(exact, "ns", True))
                else:
                    values.append(NotCompared("INT96 beyond Spark's range: cat wraps the microseconds as Spark does"))
        else:
            values = [None if v is None else timestamp_text(v, t.unit, t.tz is not None) for v in raw]
    elif pa.types.is_string(t) or pa.types.is_large_string(t):
        values = arr.to_pylist()
    elif text and (pa.types.is_binary(t) or pa.types.is_large_binary(t)):
        values = [None if v is None else v.decode("utf-8", "replace") for v in arr.to_pylist()]
    elif pa.types.is_binary(t) or pa.types.is_large_binary(t) or pa.types.is_fixed_size_binary(t):
        values = [None if v is None else base64.b64encode(v).decode("ascii") for v in arr.to_pylist()]
    elif pa.types.is_null(t):
        values = [None] * len(arr)
    else:
        raise SystemExit(f"no rendering for {t}")
    return [v if ok else None for v, ok in zip(values, valid)]


def float_paths(prefix, t, out):
    if isinstance(t, pa.ExtensionType):
        return
    if pa.types.is_dictionary(t):
        float_paths(prefix, t.value_type, out)
    elif pa.types.is_map(t):
        float_paths(prefix + ".[].key", t.key_type, out)
        float_paths(prefix + ".[].value", t.item_type, out)
    elif pa.types.is_list(t) or pa.types.is_large_list(t):
        float_paths(prefix + ".[]", t.value_type, out)
    elif pa.types.is_struct(t):
        for i in range(t.num_fields):
            float_paths(prefix + "." + t.field(i).name, t.field(i).type, out)
    elif pa.types.is_floating(t):
        out.append(prefix.lstrip(".") + "=" + ("float64" if t.bit_width == 64 else "float32"))


def dump(v):
    """JSON text of a rendered value: decimals as their exact text, the rest as JSON has it."""
    import decimal
    import json
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return repr(v)
    if isinstance(v, decimal.Decimal):
        return format(v, "f")
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, NotCompared):
        return '{"not compared":' + json.dumps(v.why) + "}"
    if isinstance(v, list):
        return "[" + ",".join(dump(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ",".join(json.dumps(k, ensure_ascii=False) + ":" + dump(x) for k, x in v.items()) + "}"
    raise SystemExit(f"cannot write {v!r}")


def expectation(path, label, rows, max_values):
    table = pq.read_table(path)
    parquet = pq.ParquetFile(path).schema
    int96 = {parquet.column(i).path for i in range(len(parquet)) if parquet.column(i).physical_type == "INT96"}
    enums = {parquet.column(i).path for i in range(len(parquet)) if str(parquet.column(i).logical_type) == "Enum"}
    if any("." in c for c in enums):
        raise SystemExit(f"{label}: ENUM inside a nested field is not rendered")
    n = min(rows, max(5, max_values // len(parquet)), table.num_rows)
    table = table.slice(0, n)
    columns = []
    floats = []
    for i, f in enumerate(table.schema):
        column = table.column(i)
        arr = column.combine_chunks() if column.num_chunks > 0 else pa.array([], type=f.type)
        seconds = None
        if f.name in int96:
            s_table = pq.read_table(path, columns=[f.name], coerce_int96_timestamp_unit="s").slice(0, n)
            seconds = s_table.column(0).combine_chunks().view(pa.int64()).to_pylist() if n else []
        elif pa.types.is_timestamp(f.type) and f.type.unit == "ns" and any(c.startswith(f.name + ".") for c in int96):
            raise SystemExit(f"{label}: INT96 inside a nested field is not rendered")
        columns.append((f.name, render(arr, seconds, f.name in enums)))
        float_paths(f.name, f.type, floats)
    lines = [f"# pyarrow {pa.__version__} read_table(path).to_pylist() as cat prints it;"
             " written by src/test/python/regenerate.sh, do not edit",
             f"file {label}",
             f"rows {n} of {pq.ParquetFile(path).metadata.num_rows}",
             "floats " + " ".join(floats)]
    for r in range(n):
        lines.append("{" + ",".join(dump(name) + ":" + dump(values[r]) for name, values in columns) + "}")
    return "\n".join(lines) + "\n"


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--generated", required=True, help="directory CatTestFiles wrote")
    p.add_argument("--parquet-testing", required=True, help="parquet-testing's data directory")
    p.add_argument("--out", required=True)
    p.add_argument("--rows", type=int, default=50, help="rows kept per file")
    p.add_argument("--max-values", type=int, default=2000, help="fewer rows for wide files: rows x leaf columns")
    a = p.parse_args()
    cases = []
    for base, prefix in ((a.generated, "generated/"), (a.parquet_testing, "parquet-testing/")):
        for name in sorted(os.listdir(base)):
            if name.endswith(".parquet"):
                cases.append((os.path.join(base, name), prefix + name))
    os.makedirs(a.out, exist_ok=True)
    index, skipped = [], []
    for path, label in cases:
        try:
            text = expectation(path, label, a.rows, a.max_values)
        except Exception as e:  # pyarrow cannot read it: nothing to compare with
            reason = str(e).splitlines()[0] if str(e) else type(e).__name__
            skipped.append(f"{label}: pyarrow {pa.__version__}: {reason}")
            print(f"skipped {label}: {reason}", file=sys.stderr)
            continue
        out = label.replace("/", "__").replace(".parquet", "") + ".txt"
        with open(os.path.join(a.out, out), "w", encoding="utf-8") as f:
            f.write(text)
        index.append(out)
    with open(os.path.join(a.out, "index.txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(index) + "\n")
    with open(os.path.join(a.out, "skipped.txt"), "w", encoding="utf-8") as f:
        f.write("".join(s + "\n" for s in skipped))
    print(f"{len(index)} expectation files in {a.out}, {len(skipped)} files skipped")


if __name__ == "__main__":
    main()
