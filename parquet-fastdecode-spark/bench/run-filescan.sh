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
if [ $# -eq 0 ]; then
  tmp=$(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.io.tmpdir = //p')
  f="$tmp"/parquet-fastdecode-filescan
  set -- "$f"-snappy_v1-4000000.parquet "$f"-plain_v2-4000000.parquet --spark-copy "$f"-snappy_v1-4000000.parquet
fi
exec "$(dirname "$0")/spark-java.sh" 2g SparkFileScanBenchmark "$@"
