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
package io.github.fastdecode.parquet.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;

/**
 * Empty files whose schemas hold what Spark's schema conversion treats specially, for {@code schema
 * --spark}'s golden test ({@code src/test/spark/regenerate.sh} has Spark convert them): the legacy
 * list layouts Spark recognises, MAP_KEY_VALUE, repeated fields outside lists, the types Spark
 * refuses or has not implemented, decimals beyond Spark's 38 digits, names that Spark
 * quotes. {@code main(dir)} writes them and {@link CatTestFiles}' into {@code dir}.
 */
public final class SparkTypeFiles {
  static final List<String> SCHEMAS = List.of(
      "message lists {\n"
          + "  optional group two_level (LIST) { repeated int32 element; }\n"
          + "  optional group two_level_struct (LIST) { repeated group element { required binary s (STRING); required int32 n; } }\n"
          + "  optional group avro_array (LIST) { repeated group array { required binary s (STRING); } }\n"
          + "  optional group thrift_tuple (LIST) { repeated group thrift_tuple_tuple { required binary s (STRING); } }\n"
          + "  optional group one_field (LIST) { repeated group list { required binary s (STRING); } }\n"
          + "  required group required_elements (LIST) { repeated group list { required int64 element; } }\n"
          + "  optional group two_children (LIST) { repeated group list { optional int32 a; } optional int32 b; }\n"
          + "  optional group not_repeated (LIST) { optional group list { optional int32 element; } }\n"
          + "  repeated group top_repeated { optional int32 a; repeated binary b (STRING); }\n"
          + "}",
      "message maps {\n"
          + "  optional group m (MAP) { repeated group key_value { required binary key (STRING); required int64 value; } }\n"
          + "  optional group legacy (MAP_KEY_VALUE) { repeated group map { required int32 key; optional group value { optional double d; } } }\n"
          + "  optional group one_child (MAP) { repeated group key_value { required binary key (STRING); } }\n"
          + "  optional group primitive_child (MAP) { repeated int32 key_value; }\n"
          + "}",
      "message types {\n"
          + "  optional int32 t_ms (TIME(MILLIS,false)); optional int64 t_us_utc (TIME(MICROS,true)); optional int64 t_us (TIME(MICROS,false));\n"
          + "  optional int64 ts_ns (TIMESTAMP(NANOS,false)); optional int64 ts_ms (TIMESTAMP(MILLIS,false));\n"
          + "  optional int32 i32_unsigned (INTEGER(32,false)); optional int64 i64_signed (INTEGER(64,true));\n"
          + "  optional fixed_len_byte_array(12) iv (INTERVAL); optional binary bs (BSON); optional binary js (JSON);\n"
          + "  optional binary e (ENUM); optional int32 nothing (UNKNOWN);\n"
          + "  optional fixed_len_byte_array(2) dec_fits (DECIMAL(4,1));\n"
          + "  optional binary dec_bin40 (DECIMAL(40,5)); optional fixed_len_byte_array(20) dec_flba47 (DECIMAL(47,0)); optional fixed_len_byte_array(16) dec_flba38 (DECIMAL(38,38));\n"
          + "  optional int64 dec_i64 (DECIMAL(18,0)); required int96 t96;\n"
          + "}");

  private SparkTypeFiles() {}

  /** Writes the schemas above as empty files into {@code dir}, and returns them. */
  static List<Path> write(Path dir) throws IOException {
    Files.createDirectories(dir);
    List<Path> files = new ArrayList<>();
    for (String s : SCHEMAS) {
      MessageType schema = MessageTypeParser.parseMessageType(s);
      if (schema.getName().equals("types")) {
        // names the schema parser cannot read, which Spark quotes inside struct<...>
        List<Type> fields = new ArrayList<>(schema.getFields());
        fields.add(Types.optionalGroup().optional(PrimitiveTypeName.INT32).named("a b")
            .optional(PrimitiveTypeName.INT32).named("x.y").optional(PrimitiveTypeName.INT32).named("Z_9").named("odd names"));
        schema = new MessageType("types", fields);
      }
      Path file = dir.resolve("spark-" + schema.getName() + ".parquet");
      try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(file)).withType(schema)
          .withWriteMode(ParquetFileWriter.Mode.OVERWRITE).build()) {
        // no rows: the schema is the point
      }
      files.add(file);
    }
    return files;
  }

  public static void main(String[] args) throws IOException {
    write(Path.of(args[0]));
    CatTestFiles.writeAll(Path.of(args[0]));
  }
}
