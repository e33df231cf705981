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

"""TPC-H lineitem rewritten by pyarrow three ways, for arrow_filescan.py: one Spark-written part
file in, three files out, so the readers meet the same rows under other writers and encodings.

    lineitem-pyarrow-default.parquet  pq.write_table with its defaults (snappy, dictionary encoding
                                      with plain fallback, data page V1, 1 Mi rows a row group)
    lineitem-v2-delta-bss.parquet     data page V2, dictionaries off, snappy; per column:
                                      DELTA_BINARY_PACKED for integers and dates,
                                      BYTE_STREAM_SPLIT for floats, doubles and decimals,
                                      DELTA_BYTE_ARRAY for the short strings (flags, modes,
                                      instructions), DELTA_LENGTH_BYTE_ARRAY for l_comment
    lineitem-zstd.parquet             zstd, defaults otherwise

Decimals: pyarrow stores decimal128(12, 2) as FIXED_LEN_BYTE_ARRAY and its writer refuses
DELTA_BINARY_PACKED there ("DELTA_BINARY_PACKED encoder only supports INT32 and INT64"); lineitem
has no float or double column, so its four decimals take BYTE_STREAM_SPLIT instead, the only
columns of the file that exercise it. pyarrow cannot read the V2 file's string columns as
dictionaries (read_dictionary on DELTA_BYTE_ARRAY and DELTA_LENGTH_BYTE_ARRAY pages: "Not yet
implemented"), so arrow_filescan.py reports its arrow-dict scan of that file as failed.

It prints each file it wrote, with the Spark part beside them: rows, row groups, size and the
encodings of each column (from the footer, first row group). Needs pyarrow.

    python3 parquet-fastdecode-arrow/bench/arrow_bench_files.py OUTDIR \\
        --lineitem /tmp/tpch/lineitem/part-00000-...-c000.snappy.parquet
"""
import argparse
import os

import pyarrow as pa
import pyarrow.parquet as pq


def v2_encodings(schema):
    """column_encoding for the V2 file: a delta or byte-stream-split encoding for every column."""
    out = {}
    for f in schema:
        t = f.type
        if pa.types.is_integer(t) or pa.types.is_date(t) or pa.types.is_timestamp(t):
            out[f.name] = "DELTA_BINARY_PACKED"
        elif pa.types.is_floating(t) or pa.types.is_decimal(t):
            out[f.name] = "BYTE_STREAM_SPLIT"
        elif pa.types.is_string(t) or pa.types.is_binary(t):
            out[f.name] = "DELTA_LENGTH_BYTE_ARRAY" if f.name == "l_comment" else "DELTA_BYTE_ARRAY"
        else:
            raise SystemExit(f"{f.name}: no encoding chosen for {t}")
    return out


def describe(path):
    md = pq.ParquetFile(path).metadata
    print(f"{os.path.basename(path)}: {md.num_rows:,} rows, {md.num_row_groups} row group{'s' if md.num_row_groups > 1 else ''}, "
          f"{os.path.getsize(path) / 2**20:.1f} MiB, {md.created_by}")
    rg = md.row_group(0)
    for i in range(rg.num_columns):
        c = rg.column(i)
        print(f"  {c.path_in_schema:16} {c.physical_type:22} {c.compression:12} {', '.join(c.encodings)}")


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("outdir")
    p.add_argument("--lineitem", required=True, help="one lineitem part file written by Spark")
    a = p.parse_args()
    os.makedirs(a.outdir, exist_ok=True)
    # The Spark file's own schema (not nullable columns, decimals, dates), without Spark's metadata.
    table = pq.read_table(a.lineitem)
    table = table.replace_schema_metadata(None)
    written = []

    path = os.path.join(a.outdir, "lineitem-pyarrow-default.parquet")
    pq.write_table(table, path)
    written.append(path)

    path = os.path.join(a.outdir, "lineitem-v2-delta-bss.parquet")
    pq.write_table(table, path, data_page_version="2.0", use_dictionary=False,
                   column_encoding=v2_encodings(table.schema))
    written.append(path)

    path = os.path.join(a.outdir, "lineitem-zstd.parquet")
    pq.write_table(table, path, compression="zstd")
    written.append(path)

    for path in [a.lineitem] + written:
        describe(path)


if __name__ == "__main__":
    main()
