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

# TPC-H queries 1 to 22 with spark.fastdecode.shuffle.rowFormat=unsafe and =dense in one local[2]
# session: sorted results compared value for value, shuffle bytes written; exits 1 when a query's
# results differ. See docs/denserow.md ("Spark shuffle"). Arguments: [dataDir] [scaleFactor]
# [on|off|both (adaptive execution)] [query name ...]; the tables are generated once into dataDir
# (default parquet-fastdecode-spark/target/tpch-shuffle) and reused.
set -euo pipefail
exec "$(dirname "$0")/spark-java.sh" 6g SparkShuffleTpchCheck "${1:-$(cd "$(dirname "$0")/.." && pwd)/target/tpch-shuffle}" "${2:-1}" "${3:-on}" "${@:4}"
