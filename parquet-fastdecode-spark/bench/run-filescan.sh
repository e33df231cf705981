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

# Whole-file scans by Spark's vectorized reader and by this library, in fresh JVMs: the first
# scans and the warm ones (see docs/file-scan.md). Arguments: [--jvms K] [--scans N] [--copies DIR]
# [--spark-copy FILE]... file...; flat files of boolean, int, long, float, double and string columns.
# Without arguments it scans the file-scan benchmark's two files (FileScanBenchmark writes them into
# java.io.tmpdir on its first run) and Spark's copy of the snappy one.
set -euo pipefail
cd "$(dirname "$0")/../.."
# Compile, and write the test class path (core's classes from the reactor) in the same run.
mvn -B -q -o -pl parquet-fastdecode-spark -am test-compile dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile=target/spark-bench.classpath >/dev/null
cp="parquet-fastdecode-spark/target/test-classes:parquet-fastdecode-spark/target/classes:$(cat parquet-fastdecode-spark/target/spark-bench.classpath)"
if [ $# -eq 0 ]; then
  tmp=$(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.io.tmpdir = //p')
  f="$tmp"/parquet-fastdecode-filescan
  set -- "$f"-snappy_v1-4000000.parquet "$f"-plain_v2-4000000.parquet --spark-copy "$f"-snappy_v1-4000000.parquet
fi
# shellcheck disable=SC2086 # BENCH_JVM_OPTS holds several options
exec java -Xmx2g ${BENCH_JVM_OPTS:-} \
  --add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/java.lang.invoke=ALL-UNNAMED \
  --add-opens=java.base/java.lang.reflect=ALL-UNNAMED --add-opens=java.base/java.io=ALL-UNNAMED \
  --add-opens=java.base/java.net=ALL-UNNAMED --add-opens=java.base/java.nio=ALL-UNNAMED \
  --add-opens=java.base/java.util=ALL-UNNAMED --add-opens=java.base/java.util.concurrent=ALL-UNNAMED \
  --add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED --add-opens=java.base/jdk.internal.ref=ALL-UNNAMED \
  --add-opens=java.base/sun.nio.ch=ALL-UNNAMED --add-opens=java.base/sun.nio.cs=ALL-UNNAMED \
  --add-opens=java.base/sun.security.action=ALL-UNNAMED --add-opens=java.base/sun.util.calendar=ALL-UNNAMED \
  -Djdk.reflect.useDirectMethodHandle=false -Dio.netty.tryReflectionSetAccessible=true \
  -cp "$cp" io.github.fastdecode.parquet.spark.bench.SparkFileScanBenchmark "$@"
