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
cd "$(dirname "$0")/../.."
# Compile, and write the test class path (core's classes from the reactor) in the same run.
mvn -B -q -o -pl parquet-fastdecode-spark -am test-compile dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile=target/spark-bench.classpath >/dev/null
cp="parquet-fastdecode-spark/target/test-classes:parquet-fastdecode-spark/target/classes:$(cat parquet-fastdecode-spark/target/spark-bench.classpath)"
args=("${1:-parquet-fastdecode-spark/target/nested}" "${2:-2000000}" "${3:-5}")
# shellcheck disable=SC2086 # BENCH_JVM_OPTS holds several options
exec java -Xmx6g ${BENCH_JVM_OPTS:-} --add-modules jdk.incubator.vector \
  --add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/java.lang.invoke=ALL-UNNAMED \
  --add-opens=java.base/java.lang.reflect=ALL-UNNAMED --add-opens=java.base/java.io=ALL-UNNAMED \
  --add-opens=java.base/java.net=ALL-UNNAMED --add-opens=java.base/java.nio=ALL-UNNAMED \
  --add-opens=java.base/java.util=ALL-UNNAMED --add-opens=java.base/java.util.concurrent=ALL-UNNAMED \
  --add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED --add-opens=java.base/jdk.internal.ref=ALL-UNNAMED \
  --add-opens=java.base/sun.nio.ch=ALL-UNNAMED --add-opens=java.base/sun.nio.cs=ALL-UNNAMED \
  --add-opens=java.base/sun.security.action=ALL-UNNAMED --add-opens=java.base/sun.util.calendar=ALL-UNNAMED \
  -Djdk.reflect.useDirectMethodHandle=false -Dio.netty.tryReflectionSetAccessible=true \
  -cp "$cp" io.github.fastdecode.parquet.spark.bench.SparkNestedBenchmark "${args[@]}"
