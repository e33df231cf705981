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

# Spark SQL shuffles with spark.fastdecode.shuffle.rowFormat=unsafe and =dense in one local[2]
# session: TPC-H Q3, Q5, Q9, Q10, Q18, a repartition(200) of lineitem and of a narrow-integer
# table; shuffle bytes written and wall time, medians. See docs/denserow.md ("Spark shuffle").
# Arguments: [dataDir] [scaleFactor] [runs] [query name prefix ...]; the data is generated once
# into dataDir (default parquet-fastdecode-spark/target/tpch-shuffle) and reused.
set -euo pipefail
exec "$(dirname "$0")/spark-java.sh" 6g SparkShuffleBenchmark "${1:-$(cd "$(dirname "$0")/.." && pwd)/target/tpch-shuffle}" "${2:-1}" "${3:-3}" "${@:4}"
