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

# Queries over nested columns (arrays, a struct, a map, an array of structs) through format("parquet")
# and format("fastdecode") in one local[1] Spark session: see docs/spark.md. Arguments:
# [dataDir] [rows] [runs]; the table is written once into dataDir (default
# parquet-fastdecode-spark/target/nested) by Spark's default writer and reused.
set -euo pipefail
exec "$(dirname "$0")/spark-java.sh" 6g SparkNestedBenchmark "${1:-$(cd "$(dirname "$0")/.." && pwd)/target/nested}" "${2:-2000000}" "${3:-5}"
