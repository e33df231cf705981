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

"""Writes the small Parquet files PyarrowDuckdbWrittenFilesTest reads, with pyarrow and DuckDB, and
for the ones Spark's own reader refuses (REFUSED) what pyarrow reads back from them, for the test to
compare the Spark source's rows with. The others the test compares with Spark's reader.

Run by regenerate.sh (next to this file); the files and expectations are checked in, so the build
needs no Python. Every file has nulls (about 1 in 8), the edge values of its types first (each
unsigned type's 0 and maximum, NaN, -0.0, infinities, subnormals, timestamps before 1970 with
sub-microsecond parts, multi-byte UTF-8), then seeded random values.

Per refused file <name>.parquet, <name>.expected.jsonl: a comment line, then one JSON array per row, the
row's values in the file's column order, as pyarrow's read_table(path) gives them, in a text the
Java test makes from Spark's values the same way (exact, so a test can compare the two as strings):

  null, boolean          null, true/false
  integers               a string of the number, unsigned ones unsigned ("18446744073709551615")
  decimal                a string, the plain text of the value with its scale ("-12.50")
  float32, float16       "f:" and the 8 hex digits of the float32 bits (a FLOAT16 widened to a
                         float32, exactly); every NaN is "NaN"
  float64                "d:" and the 16 hex digits of the bits; every NaN is "NaN"
  string                 the text
  binary, fixed binary,  "x:" and the bytes in hex
  UUID
  date32                 a string of the day number since 1970-01-01
  timestamp, any unit,   a string of the microseconds since 1970-01-01T00:00 (UTC for instants, the
  INT96 included         local date-time as if UTC for local ones); nanoseconds floored, toward
                         negative infinity, as Spark's source truncates them (-1 ns is -1 us)
  list                   an array; struct: an array of its fields' values, in order; map: an array
                         of [key, value] pairs sorted by their JSON text
"""
import argparse
import decimal
import json
import os
import random
import struct

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq

ROWS = 100
SEED = 20261201

WORDS = ["", "a", "zürich", "東京", "🙂 emoji", "quote \" and \\ backslash", "tab\tnew\nline", "ascii text", "ÿ"]
FLOAT32_EDGES = [0x7FC00000, 0x80000000, 0x00000000, 0x7F800000, 0xFF800000, 0x00000001, 0x7F7FFFFF, 0xFF7FFFFF, 0x3F800000]
FLOAT64_EDGES = [0x7FF8000000000000, 0x8000000000000000, 0x0, 0x7FF0000000000000, 0xFFF0000000000000, 0x1,
                 0x7FEFFFFFFFFFFFFF, 0xFFEFFFFFFFFFFFFF, 0x3FF0000000000000]
FLOAT16_EDGES = [0x0000, 0x8000, 0x7C00, 0xFC00, 0x7E00, 0x0001, 0x03FF, 0x7BFF, 0x3C00, 0xFE01]
# Instants from 1900 to 2200 (after the 1582 calendar switch: no rebase question), in nanoseconds.
NS_LOW, NS_HIGH = -2_208_988_800 * 10**9, 7_258_118_400 * 10**9
NS_EDGES = [-1, -999, -1000, -1001, 0, 1, 999, -86_400 * 10**9 - 1, NS_LOW + 123_456_789, NS_HIGH - 1]


class Values:
    """Seeded values: the edges first, then random ones; None in about 1 row of 8 (never in id)."""

    def __init__(self, seed):
        self.r = random.Random(seed)

    def column(self, edges, draw, nulls=True):
        out = []
        for i in range(ROWS):
            if nulls and i >= len(edges) and self.r.random() < 0.125:
                out.append(None)
            else:
                out.append(edges[i] if i < len(edges) else draw())
        return out

    def ints(self, lo, hi, nulls=True):
        """The type's extremes, then half small values (short bit widths, dictionaries), half any."""
        small = lambda: max(lo, min(hi, self.r.randint(-300, 300)))  # noqa: E731
        return self.column([lo, hi, 0 if lo <= 0 <= hi else lo, lo + 1, hi - 1],
                           lambda: self.r.randint(lo, hi) if self.r.random() < 0.5 else small(), nulls)

    def few(self, choices):
        """A dictionary-friendly column: a few distinct values."""
        return self.column(choices, lambda: self.r.choice(choices))

    def bits(self, edges, width):
        return self.column(edges, lambda: self.r.getrandbits(width))

    def nanos(self):
        return self.column(NS_EDGES, lambda: self.r.randint(NS_LOW, NS_HIGH))

    def words(self):
        return self.column(WORDS, lambda: self.r.choice(WORDS) + str(self.r.randint(0, 50)))

    def blobs(self, length=None):
        return self.column([bytes(length or 0), bytes([255] * (length or 3))],
                           lambda: self.r.randbytes(length if length is not None else self.r.randint(0, 9)))

    def decimals(self, precision):
        """Unscaled values of a decimal of this precision."""
        top = 10**precision - 1
        return self.column([-top, top, 0, 1, -1], lambda: self.r.randint(-top, top))

    def lists(self, item, max_len=4):
        return self.column([[], [None]], lambda: [item() if self.r.random() > 0.1 else None
                                                  for _ in range(self.r.randint(0, max_len))])


def decimal_array(unscaled, precision, scale):
    decimal.getcontext().prec = 60  # scaleb rounds to the context's precision (28 digits by default)
    return pa.array([None if v is None else decimal.Decimal(v).scaleb(-scale) for v in unscaled],
                    pa.decimal128(precision, scale))


def float_array(bits, width):
    unsigned = pa.uint32() if width == 32 else pa.uint64()
    return pa.array(bits, unsigned).view(pa.float32() if width == 32 else pa.float64())


def float16_array(bits):
    return pa.array(bits, pa.uint16()).view(pa.float16())


def uuid_array(values):
    return pa.ExtensionArray.from_storage(pa.uuid(), pa.array(values, pa.binary(16)))


# ---- the tables ---------------------------------------------------------------------------------

def spark_reads_table():
    """Every flat type Spark types from pyarrow's files, and nested columns."""
    v = Values(SEED)
    n = ROWS
    return pa.table({
        "id": pa.array(range(n), pa.int32()),
        "b": pa.array(v.column([True, False], lambda: v.r.random() < 0.5), pa.bool_()),
        "i8": pa.array(v.ints(-2**7, 2**7 - 1), pa.int8()),
        "i16": pa.array(v.ints(-2**15, 2**15 - 1), pa.int16()),
        "i32": pa.array(v.ints(-2**31, 2**31 - 1), pa.int32()),
        "i64": pa.array(v.ints(-2**63, 2**63 - 1), pa.int64()),
        "u8": pa.array(v.ints(0, 2**8 - 1), pa.uint8()),
        "u16": pa.array(v.ints(0, 2**16 - 1), pa.uint16()),
        "u32": pa.array(v.ints(0, 2**32 - 1), pa.uint32()),
        "u64": pa.array(v.ints(0, 2**64 - 1), pa.uint64()),
        "u32_few": pa.array(v.few([0, 1, 2**31, 2**32 - 1]), pa.uint32()),
        "f32": float_array(v.bits(FLOAT32_EDGES, 32), 32),
        "f64": float_array(v.bits(FLOAT64_EDGES, 64), 64),
        "s": pa.array(v.words(), pa.string()),
        "bin": pa.array(v.blobs(), pa.binary()),
        "fx": pa.array(v.blobs(5), pa.binary(5)),
        "dt": pa.array(v.column([0, -1, -25567, 84000], lambda: v.r.randint(-25567, 84000)), pa.date32()),
        "ts_us": pa.array([None if x is None else x // 1000 for x in v.nanos()], pa.timestamp("us", tz="UTC")),
        "ts_ms": pa.array([None if x is None else x // 1_000_000 for x in v.nanos()], pa.timestamp("ms", tz="UTC")),
        "ntz_us": pa.array([None if x is None else x // 1000 for x in v.nanos()], pa.timestamp("us")),
        "dec9": decimal_array(v.decimals(9), 9, 2),
        "dec18": decimal_array(v.decimals(18), 18, 4),
        "dec30": decimal_array(v.decimals(30), 30, 5),
        "li": pa.array(v.lists(lambda: v.r.randint(-2**31, 2**31 - 1)), pa.list_(pa.int32())),
        "st": pa.array(v.column([{"a": "", "b": -0.0}], lambda: {"a": v.r.choice(WORDS), "b": v.r.random() * 1e6}),
                       pa.struct([("a", pa.string()), ("b", pa.float64())])),
        "m": pa.array(v.column([[], [("k", None)]], lambda: [("k%d" % k, v.r.randint(-2**63, 2**63 - 1))
                                                            for k in range(v.r.randint(0, 3))]),
                      pa.map_(pa.string(), pa.int64())),
    })


def refused_types_table():
    """The types Spark refuses (PARQUET_TYPE_ILLEGAL): TIMESTAMP(NANOS), FLOAT16, UUID."""
    v = Values(SEED + 1)
    n = ROWS
    return pa.table({
        "id": pa.array(range(n), pa.int32()),
        "ts_ns": pa.array(v.nanos(), pa.timestamp("ns", tz="UTC")),
        "ntz_ns": pa.array(v.nanos(), pa.timestamp("ns")),
        "h": float16_array(v.bits(FLOAT16_EDGES, 16)),
        "u": uuid_array(v.blobs(16)),
        "u64": pa.array(v.ints(0, 2**64 - 1), pa.uint64()),
        "s": pa.array(v.words(), pa.string()),
        "hs": pa.array(v.lists(lambda: v.r.getrandbits(16)), pa.list_(pa.uint16())),
        "st": pa.array(v.column([{"ns": -1, "u": 2**64 - 1}], lambda: {"ns": v.r.randint(NS_LOW, NS_HIGH),
                                                                     "u": v.r.randint(0, 2**64 - 1)}),
                       pa.struct([("ns", pa.int64()), ("u", pa.uint64())])),
    })


def fix_refused_nested(t):
    """hs as list<float16> and st.ns as nanoseconds: built from their bits (pyarrow has no Python
    float16 conversion without numpy)."""
    hs = t.column("hs").combine_chunks()
    hs = pa.ListArray.from_arrays(hs.offsets, hs.values.view(pa.float16()), mask=hs.is_null())
    st = t.column("st").combine_chunks()
    st = pa.StructArray.from_arrays([st.field("ns").view(pa.timestamp("ns", tz="UTC")), st.field("u")],
                                    names=["ns", "u"], mask=st.is_null())
    return t.set_column(t.schema.get_field_index("hs"), "hs", hs).set_column(t.schema.get_field_index("st"), "st", st)


def byte_stream_split_table():
    """Every type pyarrow writes BYTE_STREAM_SPLIT (which Spark refuses, whatever the type)."""
    v = Values(SEED + 2)
    n = ROWS
    return pa.table({
        "id": pa.array(range(n), pa.int32()),
        "i32": pa.array(v.ints(-2**31, 2**31 - 1), pa.int32()),
        "i64": pa.array(v.ints(-2**63, 2**63 - 1), pa.int64()),
        "u8": pa.array(v.ints(0, 2**8 - 1), pa.uint8()),
        "u16": pa.array(v.ints(0, 2**16 - 1), pa.uint16()),
        "u32": pa.array(v.ints(0, 2**32 - 1), pa.uint32()),
        "u64": pa.array(v.ints(0, 2**64 - 1), pa.uint64()),
        "f32": float_array(v.bits(FLOAT32_EDGES, 32), 32),
        "f64": float_array(v.bits(FLOAT64_EDGES, 64), 64),
        "h": float16_array(v.bits(FLOAT16_EDGES, 16)),
        "fx": pa.array(v.blobs(5), pa.binary(5)),
        "dec": decimal_array(v.decimals(20), 20, 3),
        "ts_us": pa.array([None if x is None else x // 1000 for x in v.nanos()], pa.timestamp("us", tz="UTC")),
        "ts_ns": pa.array(v.nanos(), pa.timestamp("ns", tz="UTC")),
    })


def int96_table():
    """Timestamps pyarrow writes as INT96 (use_deprecated_int96_timestamps), flat and nested."""
    v = Values(SEED + 3)
    n = ROWS
    return pa.table({
        "id": pa.array(range(n), pa.int32()),
        "t": pa.array(v.nanos(), pa.timestamp("ns")),
        "st": pa.array(v.column([{"t": -1}], lambda: {"t": v.r.randint(NS_LOW, NS_HIGH)}),
                       pa.struct([("t", pa.timestamp("ns"))])),
        "lt": pa.array(v.lists(lambda: v.r.randint(NS_LOW, NS_HIGH)), pa.list_(pa.timestamp("ns"))),
    })


def duckdb_base_table():
    """The values DuckDB writes (cast to DuckDB's types in SQL): unsigned integers, BLOB, ..."""
    v = Values(SEED + 4)
    n = ROWS
    return pa.table({
        "id": pa.array(range(n), pa.int32()),
        "ti": pa.array(v.ints(-2**7, 2**7 - 1), pa.int64()),
        "si": pa.array(v.ints(-2**15, 2**15 - 1), pa.int64()),
        "i": pa.array(v.ints(-2**31, 2**31 - 1), pa.int64()),
        "bi": pa.array(v.ints(-2**63, 2**63 - 1), pa.int64()),
        "ut": pa.array(v.ints(0, 2**8 - 1), pa.uint64()),
        "us": pa.array(v.ints(0, 2**16 - 1), pa.uint64()),
        "ui": pa.array(v.ints(0, 2**32 - 1), pa.uint64()),
        "ub": pa.array(v.ints(0, 2**64 - 1), pa.uint64()),
        "ui_few": pa.array(v.few([0, 7, 2**31, 2**32 - 1]), pa.uint64()),
        "ub_few": pa.array(v.few([0, 7, 2**63, 2**64 - 1]), pa.uint64()),
        "b": pa.array(v.column([True, False], lambda: v.r.random() < 0.5), pa.bool_()),
        "f": float_array(v.bits(FLOAT32_EDGES, 32), 32),
        "d": float_array(v.bits(FLOAT64_EDGES, 64), 64),
        "v": pa.array(v.words(), pa.string()),
        "bl": pa.array(v.blobs(), pa.binary()),
        "dt": pa.array(v.column([0, -1, -25567, 84000], lambda: v.r.randint(-25567, 84000)), pa.date32()),
        "t": pa.array([None if x is None else x // 1000 for x in v.nanos()], pa.int64()),
        "tz": pa.array([None if x is None else x // 1000 for x in v.nanos()], pa.int64()),
        "tms": pa.array([None if x is None else x // 1_000_000 for x in v.nanos()], pa.int64()),
        "tns": pa.array(v.nanos(), pa.int64()),
        "d4": decimal_array(v.decimals(4), 4, 1),
        "d9": decimal_array(v.decimals(9), 9, 2),
        "d18": decimal_array(v.decimals(18), 18, 3),
        "d38": decimal_array(v.decimals(38), 38, 10),
        "u": pa.array(v.blobs(16), pa.binary(16)),
        "l": pa.array(v.lists(lambda: v.r.randint(0, 2**32 - 1)), pa.list_(pa.uint64())),
        "st": pa.array(v.column([{"x": 0, "y": ""}], lambda: {"x": v.r.randint(0, 255), "y": v.r.choice(WORDS)}),
                       pa.struct([("x", pa.int64()), ("y", pa.string())])),
    })


# The DuckDB columns: name and the SQL that makes them from the base table (DuckDB's own types).
DUCKDB_COLUMNS = {
    "id": "id",
    "ti": "ti::TINYINT", "si": "si::SMALLINT", "i": "i::INTEGER", "bi": "bi::BIGINT",
    "ut": "ut::UTINYINT", "us": "us::USMALLINT", "ui": "ui::UINTEGER", "ub": "ub::UBIGINT",
    "ui_few": "ui_few::UINTEGER", "ub_few": "ub_few::UBIGINT",
    "b": "b", "f": "f::FLOAT", "d": "d::DOUBLE", "v": "v::VARCHAR", "bl": "bl::BLOB",
    "dt": "dt::DATE",
    "t": "make_timestamp(t)",
    "tz": "make_timestamp(tz)::TIMESTAMPTZ",
    "tms": "epoch_ms(tms)::TIMESTAMP_MS",
    "tns": "make_timestamp_ns(tns)",
    "d4": "d4::DECIMAL(4,1)", "d9": "d9::DECIMAL(9,2)", "d18": "d18::DECIMAL(18,3)", "d38": "d38::DECIMAL(38,10)",
    "u": "CASE WHEN u IS NULL THEN NULL ELSE hex(u)::UUID END",
    "l": "l::UINTEGER[]",
    "st": "{'x': st.x::UTINYINT, 'y': st.y}::STRUCT(x UTINYINT, y VARCHAR)",
}
DUCKDB_SPARK_READS = ["id", "ti", "si", "i", "bi", "ut", "us", "ui", "ub", "ui_few", "ub_few", "b", "f", "d", "v", "bl",
                      "dt", "t", "tz", "tms", "d4", "d9", "d18", "d38", "l", "st"]


def write_duckdb(base, columns, path, options):
    con = duckdb.connect()
    con.register("base", base)
    select = ", ".join(f"{DUCKDB_COLUMNS[c]} AS {c}" for c in columns)
    con.execute("SET TimeZone = 'UTC'")
    con.execute(f"COPY (SELECT {select} FROM base ORDER BY id) TO '{path}' (FORMAT parquet, {options})")
    con.close()


# ---- what pyarrow reads back ---------------------------------------------------------------------

def render(arr):
    """Per position of arr (an unsliced pyarrow Array), the value as the module docstring says."""
    t = arr.type
    if isinstance(arr, pa.ExtensionArray):
        return render(arr.storage)
    if pa.types.is_dictionary(t):
        return render(arr.dictionary_decode())
    valid = arr.is_valid().to_pylist()
    if pa.types.is_map(t):
        offsets = arr.offsets.to_pylist()
        keys, items = render(arr.keys), render(arr.items)
        pairs = [[k, x] for k, x in zip(keys, items)]
        return [sorted(pairs[offsets[i]:offsets[i + 1]], key=dump) if valid[i] else None for i in range(len(arr))]
    if pa.types.is_list(t) or pa.types.is_large_list(t):
        offsets = arr.offsets.to_pylist()
        child = render(arr.values)
        return [child[offsets[i]:offsets[i + 1]] if valid[i] else None for i in range(len(arr))]
    if pa.types.is_struct(t):
        fields = [render(arr.field(i)) for i in range(t.num_fields)]
        return [[f[i] for f in fields] if valid[i] else None for i in range(len(arr))]
    if pa.types.is_boolean(t):
        values = arr.to_pylist()
    elif pa.types.is_integer(t):
        values = [None if x is None else str(x) for x in arr.to_pylist()]
    elif pa.types.is_decimal(t):
        values = [None if x is None else format(x, "f") for x in arr.to_pylist()]
    elif pa.types.is_float16(t):
        values = [None if x is None else float32_text(struct.unpack("<e", struct.pack("<H", x))[0])
                  for x in arr.view(pa.uint16()).to_pylist()]
    elif pa.types.is_float32(t):
        values = [None if x is None else float32_text(struct.unpack("<f", struct.pack("<I", x))[0], x)
                  for x in arr.view(pa.uint32()).to_pylist()]
    elif pa.types.is_float64(t):
        values = [None if x is None else "NaN" if (x >> 52 & 0x7FF) == 0x7FF and x & ((1 << 52) - 1) else "d:%016x" % x
                  for x in arr.view(pa.uint64()).to_pylist()]
    elif pa.types.is_string(t) or pa.types.is_large_string(t):
        values = arr.to_pylist()
    elif pa.types.is_binary(t) or pa.types.is_large_binary(t) or pa.types.is_fixed_size_binary(t):
        values = [None if x is None else "x:" + x.hex() for x in arr.to_pylist()]
    elif pa.types.is_date32(t):
        values = [None if x is None else str(x) for x in arr.view(pa.int32()).to_pylist()]
    elif pa.types.is_timestamp(t):
        to_micros = {"s": lambda x: x * 1_000_000, "ms": lambda x: x * 1000, "us": lambda x: x,
                     "ns": lambda x: x // 1000}[t.unit]  # floored, as Python's // does
        values = [None if x is None else str(to_micros(x)) for x in arr.view(pa.int64()).to_pylist()]
    else:
        raise SystemExit(f"no rendering for {t}")
    return [x if ok else None for x, ok in zip(values, valid)]


def float32_text(value, bits=None):
    if value != value:
        return "NaN"
    if bits is None:
        bits = struct.unpack("<I", struct.pack("<f", value))[0]  # a FLOAT16's value fits a float32 exactly
    return "f:%08x" % bits


def dump(value):
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def write_expectation(path, label):
    table = pq.read_table(path, coerce_int96_timestamp_unit="us")
    columns = [render(c.combine_chunks()) for c in table.columns]
    lines = [f"# pyarrow {pa.__version__} read_table({label}), values as written_files.py renders them;"
             " written by src/test/python/regenerate.sh, do not edit"]
    for r in range(table.num_rows):
        lines.append(dump([c[r] for c in columns]))
    with open(path[:-len(".parquet")] + ".expected.jsonl", "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


# The files Spark's reader refuses (for a type or an encoding): the test compares the source's rows
# with pyarrow's. The others it compares with Spark's reader, which needs no expectation file.
REFUSED = ["pyarrow-nanos-float16-uuid", "pyarrow-byte-stream-split", "duckdb-v2-byte-stream-split", "duckdb-uuid-nanos"]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--out", required=True, help="the directory the files and expectations go to")
    a = p.parse_args()
    os.makedirs(a.out, exist_ok=True)
    for name in os.listdir(a.out):
        if name.endswith(".parquet") or name.endswith(".jsonl"):
            os.remove(os.path.join(a.out, name))
    out = lambda name: os.path.join(a.out, name)  # noqa: E731
    reads = spark_reads_table()
    small = dict(row_group_size=60, data_page_size=512)  # 2 row groups, a few pages in each
    # pyarrow's defaults (V1 pages, dictionaries, snappy, decimals as FIXED_LEN_BYTE_ARRAY).
    pq.write_table(reads, out("pyarrow-v1-dictionary.parquet"), **small)
    # V2 pages, no dictionary, zstd, decimals as INT32/INT64 where they fit.
    pq.write_table(reads, out("pyarrow-v2-plain.parquet"), data_page_version="2.0", use_dictionary=False,
                   compression="zstd", store_decimal_as_integer=True, row_group_size=ROWS, data_page_size=1024)
    # TIMESTAMP(NANOS) (coerce_timestamps=None keeps the unit), FLOAT16 and UUID, flat and nested.
    pq.write_table(fix_refused_nested(refused_types_table()), out("pyarrow-nanos-float16-uuid.parquet"),
                   coerce_timestamps=None, **small)
    # BYTE_STREAM_SPLIT on every column pyarrow allows it on.
    pq.write_table(byte_stream_split_table(), out("pyarrow-byte-stream-split.parquet"), use_byte_stream_split=True,
                   use_dictionary=False, coerce_timestamps=None, **small)
    pq.write_table(int96_table(), out("pyarrow-int96.parquet"), use_deprecated_int96_timestamps=True, **small)
    base = duckdb_base_table()
    duck = ""  # one row group each: DuckDB 2.0.1 ignores ROW_GROUP_SIZE 50 (it writes one of 100 rows)
    write_duckdb(base, DUCKDB_SPARK_READS, out("duckdb-v1.parquet"), duck + "COMPRESSION snappy")
    # DuckDB's V2 writer: DELTA_BINARY_PACKED integers, DELTA_LENGTH_BYTE_ARRAY strings and
    # BYTE_STREAM_SPLIT floats (which Spark refuses): once without the floats, once with them. Its
    # INT32 deltas of full-range values take 33 bits, which pyarrow 26 refuses to read ("InitBlock
    # EOF"); so the file with floats, compared with pyarrow's values, has no such column.
    write_duckdb(base, [c for c in DUCKDB_SPARK_READS if c not in ("f", "d")], out("duckdb-v2-delta.parquet"),
                 duck + "COMPRESSION zstd, PARQUET_VERSION V2")
    write_duckdb(base, ["id", "ut", "us", "ub", "ub_few", "b", "f", "d", "v", "bl", "dt", "t", "d9", "d18", "st"],
                 out("duckdb-v2-byte-stream-split.parquet"), duck + "COMPRESSION zstd, PARQUET_VERSION V2")
    write_duckdb(base, ["id", "u", "tns", "ub", "bl", "v"], out("duckdb-uuid-nanos.parquet"),
                 duck + "COMPRESSION uncompressed")
    for name in REFUSED:
        write_expectation(out(name + ".parquet"), name + ".parquet")
    names = sorted(os.listdir(a.out))
    total = sum(os.path.getsize(out(n)) for n in names)
    for n in names:
        print(f"{os.path.getsize(out(n)):8d} {n}")
    print(f"{len(names)} files in {a.out}: {total} bytes")


if __name__ == "__main__":
    main()
