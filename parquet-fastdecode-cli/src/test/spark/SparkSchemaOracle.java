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

import java.nio.file.Path;
import java.util.List;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import org.apache.spark.SparkThrowable;
import org.apache.spark.sql.execution.datasources.parquet.ParquetToSparkSchemaConverter;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.StructField;

/**
 * Prints the Spark SQL type Spark's own ParquetToSparkSchemaConverter (default settings) gives each
 * top-level field of each file, in the form {@code schema --spark} prints: {@code name: type}, with
 * {@code not null} for a required field, or {@code name: Spark refuses it (CONDITION)}. Each field
 * is converted on its own, so that one Spark refuses does not hide the others. Run by
 * regenerate.sh beside it, with Spark on the class path; not compiled by the build.
 */
public final class SparkSchemaOracle {
  public static void main(String[] args) throws Exception {
    ParquetToSparkSchemaConverter converter = new ParquetToSparkSchemaConverter(SQLConf.get());
    for (String arg : args) {
      Path file = Path.of(arg);
      MessageType schema;
      try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
        schema = r.getFooter().getFileMetaData().getSchema();
      }
      System.out.println("==> " + file.getFileName() + " <==");
      for (Type field : schema.getFields()) {
        String line;
        try {
          StructField f = converter.convert(new MessageType(schema.getName(), List.of(field))).fields()[0];
          line = f.dataType().catalogString() + (f.nullable() ? "" : " not null");
        } catch (Exception e) {
          String condition = e instanceof SparkThrowable t && t.getCondition() != null ? t.getCondition() : e.getClass().getSimpleName();
          line = "Spark refuses it (" + condition + ")";
        }
        System.out.println(field.getName() + ": " + line);
      }
    }
  }
}
