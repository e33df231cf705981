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

"""Where a Spark scan's time goes, from a JFR recording of the TPC-H benchmark (docs/spark.md).

Usage: jfr-split.py recording.jfr [more.jfr ...]

Reads the execution samples (`jfr print --events jdk.ExecutionSample`, the JDK's jfr tool on the
PATH or in $JAVA_HOME/bin) and puts each sample of a Spark task thread in one bucket, by what its
stack holds, first match wins:

  copy into Spark's vectors    this source's SparkVectorFiller / SparkNestedColumn (the copying path)
  decompression and I/O        a codec or file read below either reader's batch read
  decode: parquet-fastdecode   the rest of this source's batch read (ParquetBatchReader and below)
  decode: Spark's reader       the rest of Spark's VectorizedParquetRecordReader.nextBatch
  column vector reads          the values Spark's generated code takes out of the vectors: the
                               vectors' getters and what they call (dictionary lookups, UTF8String
                               and Decimal objects), up to the first generated-code frame
  Spark's operators            everything else the task does (generated code, Decimal arithmetic,
                               UTF8String compares and copies, aggregation, shuffle)

Samples of other threads (the driver, planning) are counted apart.
"""
import collections
import os
import re
import shutil
import subprocess
import sys

TASK_THREAD = re.compile(r'Executor task launch worker')
CODECS = ('org.xerial.snappy', 'com.github.luben.zstd', 'io.airlift.compress', 'org.apache.hadoop.io.compress',
          'org.apache.parquet.hadoop.codec', 'java.util.zip', 'sun.nio.ch', 'java.io.FileInputStream',
          'java.io.RandomAccessFile', 'org.apache.hadoop.fs.', 'org.apache.parquet.hadoop.util.H2SeekableInputStream',
          'org.apache.parquet.hadoop.util.H1SeekableInputStream', 'org.apache.parquet.io.DelegatingSeekableInputStream')
COPY = ('io.github.fastdecode.parquet.spark.SparkVectorFiller', 'io.github.fastdecode.parquet.spark.SparkNestedColumn')
OURS = ('io.github.fastdecode.parquet.column.ParquetBatchReader.nextBatch',
        'io.github.fastdecode.parquet.spark.FastDecodeBatchIterator.advance',
        'io.github.fastdecode.parquet.spark.ColumnBatchVector.bind')
GETTERS = ('org.apache.spark.sql.execution.vectorized.OnHeapColumnVector.',
           'org.apache.spark.sql.execution.vectorized.WritableColumnVector.',
           'org.apache.spark.sql.execution.datasources.parquet.ParquetDictionary.',
           'org.apache.parquet.io.api.Binary', 'org.apache.parquet.column.values.dictionary.',
           'io.github.fastdecode.parquet.spark.ColumnBatchVector', 'io.github.fastdecode.parquet.spark.SparkBinaryDictionary',
           'org.apache.spark.sql.vectorized.ColumnarBatchRow.')
GENERATED = 'org.apache.spark.sql.catalyst.expressions.GeneratedClass'
SPARKS = ('org.apache.spark.sql.execution.datasources.parquet.VectorizedParquetRecordReader.nextBatch',
          'org.apache.spark.sql.execution.datasources.parquet.VectorizedParquetRecordReader.nextKeyValue')


def jfr_tool():
    home = os.environ.get('JAVA_HOME')
    if home and os.path.exists(os.path.join(home, 'bin', 'jfr')):
        return os.path.join(home, 'bin', 'jfr')
    found = shutil.which('jfr')
    if not found:
        sys.exit('no jfr tool: set JAVA_HOME or put the JDK on the PATH')
    return found


def samples(path):
    out = subprocess.run([jfr_tool(), 'print', '--events', 'jdk.ExecutionSample', '--stack-depth', '256', path],
                         check=True, capture_output=True, text=True).stdout
    thread, frames, in_stack = None, [], False
    for line in out.splitlines():
        s = line.strip()
        if s.startswith('jdk.ExecutionSample'):
            thread, frames, in_stack = None, [], False
        elif s.startswith('sampledThread'):
            thread = s
        elif s.startswith('stackTrace = ['):
            in_stack = True
        elif in_stack and s == ']':
            in_stack = False
            yield thread or '', frames
        elif in_stack and s and s != '...':
            frames.append(s)


def bucket(frames):
    def has(prefixes):
        return any(f.startswith(p) for f in frames for p in prefixes)
    if has(COPY):
        return "copy into Spark's vectors"
    ours, sparks = has(OURS), has(SPARKS)
    if (ours or sparks) and has(CODECS):
        return 'decompression and I/O'
    if ours:
        return 'decode: parquet-fastdecode'
    if sparks:
        return "decode: Spark's reader"
    for f in frames:
        if f.startswith(GENERATED):
            break
        if f.startswith(GETTERS):
            return 'column vector reads'
    return "Spark's operators"


def main(paths):
    for path in paths:
        counts = collections.Counter()
        tops = collections.Counter()
        other = 0
        for thread, frames in samples(path):
            if not TASK_THREAD.search(thread):
                other += 1
                continue
            counts[bucket(frames)] += 1
            if frames:
                tops[re.sub(r'\(.*', '', frames[0])] += 1
        total = sum(counts.values())
        print(f'{path}: {total} task-thread samples ({other} in other threads)')
        order = ["decode: parquet-fastdecode", "decode: Spark's reader", "copy into Spark's vectors",
                 'decompression and I/O', 'column vector reads', "Spark's operators"]
        for name in order:
            if counts[name]:
                print(f'  {name:30s} {counts[name]:6d}  {100.0 * counts[name] / max(total, 1):5.1f}%')
        print('  top frames:')
        for frame, n in tops.most_common(12):
            print(f'    {n:6d}  {100.0 * n / max(total, 1):5.1f}%  {frame}')


if __name__ == '__main__':
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
