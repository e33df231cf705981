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

# TPC-H (lineitem, orders) through format("parquet") and format("fastdecode") (copying into Spark's
# vectors, and without copies) in one local[1] Spark session: see docs/spark.md. Arguments:
# [dataDir] [scaleFactor] [runs]; the data is generated once into dataDir (default
# parquet-fastdecode-spark/target/tpch) and reused. For a profiler:
#   BENCH_JVM_OPTS=-XX:StartFlightRecording=filename=q1.jfr,settings=profile \
#     run-tpch.sh repeat <parquet|fastdecode-copy|fastdecode> <dataDir> <query name prefix> <runs>
set -euo pipefail
if [ "${1:-}" = repeat ]; then
  exec "$(dirname "$0")/spark-java.sh" 6g SparkTpchBenchmark "$@"
fi
exec "$(dirname "$0")/spark-java.sh" 6g SparkTpchBenchmark "${1:-$(cd "$(dirname "$0")/.." && pwd)/target/tpch}" "${2:-1}" "${3:-5}"
