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

# DenseRow against Spark's UnsafeRow (DenseRowBenchmark, JMH) on this module's test classpath:
# the arguments are JMH's, e.g.
#   run-denserow.sh 'DenseRowBenchmark\.(dense|unsafe)RoundTrip$' -p shape=SCALARS_10 -f 1 -wi 3 -i 5
# (docs/denserow.md). With no arguments, every case.
set -euo pipefail
exec "$(dirname "$0")/spark-java.sh" 4g DenseRowJmh "$@"
