/*
 * Copyright 2026 The parquet-fastdecode Authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.github.fastdecode.parquet.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.parquet.HadoopReadOptions;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.datasources.parquet.ParquetOptions;
import org.apache.spark.sql.execution.datasources.parquet.ParquetToSparkSchemaConverter;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.StructType;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Schema inference for files whose schema Spark refuses ({@code PARQUET_TYPE_ILLEGAL}) although
 * this source reads them: INT64 TIMESTAMP(NANOS) becomes {@code timestamp} (UTC-adjusted) or
 * {@code timestamp_ntz} (local), as Spark types TIMESTAMP(MICROS); FLOAT16 becomes {@code float};
 * UUID becomes {@code binary}, as Spark types other fixed-length binaries. Every other field is
 * typed by Spark's own converter with the session's settings, so the schema differs from Spark's
 * only where Spark refuses.
 */
final class RefusedTypes {
  private RefusedTypes() {}

  /** Whether {@code e} (or a cause) is Spark refusing a Parquet type. */
  static boolean isRefusedType(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (String.valueOf(t.getMessage()).contains("PARQUET_TYPE_ILLEGAL")) {
        return true;
      }
    }
    return false;
  }

  /**
   * The schema of {@code files} as Spark would infer it if it typed the refused types: the first
   * data file's, or all files' merged when schema merging is on (as Spark chooses; summary files
   * are not read).
   */
  static StructType infer(SparkSession session, scala.collection.immutable.Map<String, String> parameters,
      scala.collection.immutable.Seq<FileStatus> files) {
    SQLConf conf = session.sessionState().conf();
    boolean merge = new ParquetOptions(parameters, conf).mergeSchema();
    Configuration hadoop = session.sessionState().newHadoopConfWithOptions(parameters);
    List<FileStatus> data = new ArrayList<>();
    for (FileStatus f : CollectionConverters.asJava(files)) {
      String name = f.getPath().getName();
      if (!name.equals("_metadata") && !name.equals("_common_metadata")) {
        data.add(f);
      }
    }
    ParquetToSparkSchemaConverter converter = new ParquetToSparkSchemaConverter(conf);
    StructType merged = null;
    for (FileStatus f : merge ? data : data.subList(0, Math.min(1, data.size()))) {
      MessageType schema;
      try (ParquetFileReader footer = ParquetFileReader.open(HadoopInputFile.fromStatus(f, hadoop),
          HadoopReadOptions.builder(hadoop, f.getPath()).withMetadataFilter(ParquetMetadataConverter.SKIP_ROW_GROUPS).build())) {
        schema = footer.getFooter().getFileMetaData().getSchema();
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read the footer of " + f.getPath(), e);
      }
      boolean nanosAsLong = conf.getConfString("spark.sql.legacy.parquet.nanosAsLong", "false").trim().equalsIgnoreCase("true");
      StructType st = converter.convert(new MessageType(schema.getName(), typed(schema, nanosAsLong)));
      merged = merged == null ? st : merged.merge(st, conf.caseSensitiveAnalysis());
    }
    return merged;
  }

  /** The fields of {@code group} with the refused types replaced by the ones Spark types as this source reads them. */
  private static List<Type> typed(GroupType group, boolean nanosAsLong) {
    List<Type> fields = new ArrayList<>();
    for (Type t : group.getFields()) {
      fields.add(t.isPrimitive() ? typed(t.asPrimitiveType(), nanosAsLong)
          : t.asGroupType().withNewFields(typed(t.asGroupType(), nanosAsLong)));
    }
    return fields;
  }

  private static Type typed(PrimitiveType p, boolean nanosAsLong) {
    LogicalTypeAnnotation a = p.getLogicalTypeAnnotation();
    Types.PrimitiveBuilder<PrimitiveType> b;
    if (a instanceof LogicalTypeAnnotation.TimestampLogicalTypeAnnotation
        && ((LogicalTypeAnnotation.TimestampLogicalTypeAnnotation) a).getUnit() == LogicalTypeAnnotation.TimeUnit.NANOS) {
      boolean utc = ((LogicalTypeAnnotation.TimestampLogicalTypeAnnotation) a).isAdjustedToUTC();
      if (nanosAsLong) {
        return p; // Spark types it (as long)
      }
      b = Types.primitive(PrimitiveTypeName.INT64, p.getRepetition())
          .as(LogicalTypeAnnotation.timestampType(utc, LogicalTypeAnnotation.TimeUnit.MICROS));
    } else if (a instanceof LogicalTypeAnnotation.Float16LogicalTypeAnnotation) {
      b = Types.primitive(PrimitiveTypeName.FLOAT, p.getRepetition());
    } else if (a instanceof LogicalTypeAnnotation.UUIDLogicalTypeAnnotation) {
      b = Types.primitive(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, p.getRepetition()).length(p.getTypeLength());
    } else {
      return p;
    }
    if (p.getId() != null) {
      b = b.id(p.getId().intValue());
    }
    return b.named(p.getName());
  }
}
