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

"""Writes what pyarrow's read_table gives for the Arrow module's test files, for
ArrowPyarrowEqualityTest to compare the Arrow module's batches with.

Run by regenerate.sh (next to this file), which first has ArrowTestFiles write
the parquet-java files. Per file and read option, one text file:

  file <generated|parquet-testing>/<name>     the file read
  dictionary <col,col>                        read_dictionary, when given
  options <name=value,...>                    binary_type (large_binary, binary_view) and
                                              list_type (large_list), when given
  rows <n>
  field <canonical field>                     per top-level field, then:
  sha256 <hex>                                of every row's canonical value, joined by newlines
  row <i> <canonical value>                   the first 8 rows and the last 2, for readable failures

Canonical forms (ArrowCanonical.java writes the same from Arrow Java vectors):
  types   leaves as pyarrow prints them (int8, uint64, halffloat, decimal128(9, 2),
          timestamp[ns, tz=UTC], fixed_size_binary[16], large_string, duration[s],
          ...); list<F>, large_list<F>, fixed_size_list<F>[n], map<K, V>,
          struct<F, ...>, dictionary<values=T, indices=int32>, extension<name>; a field is
          "name: type", plus " not null" when not nullable (map entry names are left out)
  values  null; true/false; integers in decimal; floats as raw bits (h:/f:/d: and hex);
          decimals as the unscaled integer; dates, times, timestamps and durations as the stored
          integer; strings and binaries as x: and the bytes in hex (extension types: their
          storage's values); [a,b] lists,
          {name=v,...} structs, <k:v,...> maps; dictionary values decoded
"""
import argparse
import hashlib
import os
import sys

import pyarrow as pa
import pyarrow.parquet as pq

SHOWN_FIRST = 8
SHOWN_LAST = 2


def canon_type(t):
    if pa.types.is_dictionary(t):
        return f"dictionary<values={canon_type(t.value_type)}, indices={t.index_type}>"
    if pa.types.is_map(t):
        return f"map<{canon_field(t.key_field)}, {canon_field(t.item_field)}>"
    if pa.types.is_list(t):
        return f"list<{canon_field(t.value_field)}>"
    if pa.types.is_large_list(t):
        return f"large_list<{canon_field(t.value_field)}>"
    if pa.types.is_fixed_size_list(t):
        return f"fixed_size_list<{canon_field(t.value_field)}>[{t.list_size}]"
    if pa.types.is_struct(t):
        return "struct<" + ", ".join(canon_field(t.field(i)) for i in range(t.num_fields)) + ">"
    return str(t)


def canon_field(f):
    return f"{f.name}: {canon_type(f.type)}" + ("" if f.nullable else " not null")


def canon(arr):
    """One canonical string per position of arr (an unsliced pyarrow Array)."""
    t = arr.type
    if isinstance(arr, pa.ExtensionArray):  # arrow.uuid, arrow.json: the stored values
        return canon(arr.storage)
    valid = arr.is_valid().to_pylist()
    if pa.types.is_dictionary(t):
        return canon(arr.dictionary_decode())
    if pa.types.is_map(t) or pa.types.is_list(t) or pa.types.is_large_list(t):
        offsets = arr.offsets.to_pylist()
        if pa.types.is_map(t):
            entries = arr.values
            keys, items = canon(entries.field(0)), canon(entries.field(1))
            child = [f"{k}:{v}" for k, v in zip(keys, items)]
            open_, close = "<", ">"
        else:
            child = canon(arr.values)
            open_, close = "[", "]"
        return [open_ + ",".join(child[offsets[i]:offsets[i + 1]]) + close if valid[i] else "null"
                for i in range(len(arr))]
    if pa.types.is_fixed_size_list(t):
        # Every position holds list_size child slots, a null list's too.
        child, size = canon(arr.values), t.list_size
        return ["[" + ",".join(child[i * size:(i + 1) * size]) + "]" if valid[i] else "null" for i in range(len(arr))]
    if pa.types.is_struct(t):
        fields = [(t.field(i).name, canon(arr.field(i))) for i in range(t.num_fields)]
        return ["{" + ",".join(f"{name}={vals[i]}" for name, vals in fields) + "}" if valid[i] else "null"
                for i in range(len(arr))]
    if pa.types.is_boolean(t):
        values = ["true" if v else "false" for v in arr.fill_null(False).to_pylist()]
    elif pa.types.is_floating(t):
        width = t.bit_width
        bits = arr.view({16: pa.uint16(), 32: pa.uint32(), 64: pa.uint64()}[width]).to_pylist()
        prefix = {16: "h", 32: "f", 64: "d"}[width]
        values = [f"{prefix}:{b:0{width // 4}x}" if b is not None else None for b in bits]
    elif pa.types.is_decimal(t):
        width = t.bit_width // 8
        raw = arr.view(pa.binary(width)).to_pylist()
        values = [str(int.from_bytes(b, "little", signed=True)) if b is not None else None for b in raw]
    elif pa.types.is_integer(t):
        values = [str(v) if v is not None else None for v in arr.to_pylist()]
    elif pa.types.is_date32(t) or pa.types.is_time32(t):
        values = [str(v) if v is not None else None for v in arr.view(pa.int32()).to_pylist()]
    elif pa.types.is_time64(t) or pa.types.is_timestamp(t) or pa.types.is_duration(t):
        values = [str(v) if v is not None else None for v in arr.view(pa.int64()).to_pylist()]
    elif pa.types.is_string(t) or pa.types.is_large_string(t) or pa.types.is_string_view(t):
        values = ["x:" + v.encode("utf-8").hex() if v is not None else None for v in arr.to_pylist()]
    elif (pa.types.is_binary(t) or pa.types.is_large_binary(t) or pa.types.is_binary_view(t)
          or pa.types.is_fixed_size_binary(t)):
        values = ["x:" + v.hex() if v is not None else None for v in arr.to_pylist()]
    else:
        raise SystemExit(f"no canonical form for {t}")
    return [v if ok else "null" for v, ok in zip(values, valid)]


READ_OPTIONS = {
    "binary_type=large_binary": ("binary_type", pa.large_binary()),
    "binary_type=binary_view": ("binary_type", pa.binary_view()),
    "list_type=large_list": ("list_type", pa.LargeListType),
}


def expectation(path, label, dictionary, options=()):
    kwargs = dict(READ_OPTIONS[o] for o in options)
    table = pq.read_table(path, read_dictionary=dictionary or None, **kwargs)
    lines = [f"# pyarrow {pa.__version__} read_table; written by src/test/python/regenerate.sh, do not edit",
             f"file {label}"]
    if dictionary:
        lines.append("dictionary " + ",".join(dictionary))
    if options:
        lines.append("options " + ",".join(options))
    n = table.num_rows
    lines.append(f"rows {n}")
    for i, f in enumerate(table.schema):
        column = table.column(i)
        arr = column.combine_chunks() if column.num_chunks > 0 else pa.array([], type=f.type)
        values = canon(arr)
        lines.append("field " + canon_field(f))
        lines.append("sha256 " + hashlib.sha256("\n".join(values).encode("utf-8")).hexdigest())
        shown = sorted(set(range(min(SHOWN_FIRST, n))) | set(range(max(0, n - SHOWN_LAST), n)))
        lines.extend(f"row {r} {values[r]}" for r in shown)
    return "\n".join(lines) + "\n"


# read_dictionary by column path: string leaves in lists of lists, in a struct's list, in a list's
# struct, a map's key and a struct in a map's value.
NESTED_DICTIONARIES = ["lls.list.element.list.element", "st.b.list.element", "ls.list.element.y",
                       "m.key_value.key", "ms.key_value.value.w"]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--generated", required=True, help="directory ArrowTestFiles wrote")
    p.add_argument("--parquet-testing", required=True, help="parquet-testing's data directory")
    p.add_argument("--out", required=True)
    a = p.parse_args()
    cases = []
    for name in sorted(os.listdir(a.generated)):
        if name.endswith(".parquet"):
            cases.append((os.path.join(a.generated, name), "generated/" + name, []))
            if name.startswith("fallback"):
                cases.append((os.path.join(a.generated, name), "generated/" + name, ["s", "c"]))
            if name.startswith("nested"):
                cases.append((os.path.join(a.generated, name), "generated/" + name, NESTED_DICTIONARIES))
            if name in ("types-v1-plain.parquet", "nested-v1-dict-snappy.parquet", "fallback-v1.parquet"):
                for options in (["binary_type=large_binary", "list_type=large_list"], ["binary_type=binary_view"]):
                    cases.append((os.path.join(a.generated, name), "generated/" + name, [], options))
    for name in sorted(os.listdir(a.parquet_testing)):
        if name.endswith(".parquet"):
            cases.append((os.path.join(a.parquet_testing, name), "parquet-testing/" + name, []))
    cases.append((os.path.join(a.parquet_testing, "delta_byte_array.parquet"), "parquet-testing/delta_byte_array.parquet",
                  ["c_customer_id", "c_salutation"]))
    os.makedirs(a.out, exist_ok=True)
    index = []
    for path, label, dictionary, *rest in cases:
        options = rest[0] if rest else []
        try:
            text = expectation(path, label, dictionary, options)
        except Exception as e:  # pyarrow cannot read it: nothing to compare with
            print(f"skipped {label}: pyarrow: {e}", file=sys.stderr)
            continue
        out = (label.replace("/", "__").replace(".parquet", "")
               + ("__dict-nested" if dictionary == NESTED_DICTIONARIES else "__dict-" + "-".join(dictionary) if dictionary else "")
               + ("__" + "-".join(o.split("=")[1] for o in options) if options else "") + ".txt")
        with open(os.path.join(a.out, out), "w", encoding="utf-8") as f:
            f.write(text)
        index.append(out)
    with open(os.path.join(a.out, "index.txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(index) + "\n")
    print(f"{len(index)} expectation files in {a.out}")


if __name__ == "__main__":
    main()
