#!/usr/bin/env bash
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

# Rewrites the pyarrow- and DuckDB-written files PyarrowDuckdbWrittenFilesTest reads, and pyarrow's
# values for the ones Spark refuses. Needs python3 with pyarrow and duckdb (PYTHON=/path/to/python to
# choose one; `pip install pyarrow duckdb`; written with pyarrow 26.0.1 and duckdb 2.0.1), run from
# anywhere:
#   parquet-fastdecode-spark/src/test/python/regenerate.sh
# The files are checked in: the build does not need Python.
set -euo pipefail
module=$(cd "$(dirname "$0")/../../.." && pwd)
python=${PYTHON:-python3}
"$python" "$module/src/test/python/written_files.py" \
  --out "$module/src/test/resources/io/github/fastdecode/parquet/spark/written"
