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
package io.github.fastdecode.parquet.arrow;

import io.github.fastdecode.parquet.column.RecordNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * The Arrow type of each Parquet field, chosen as Arrow's own C++ Parquet reader (pyarrow's {@code
 * read_table}, default properties, no stored Arrow schema) chooses it:
 * <ul>
 *   <li>INT32 / INT64 by their INT annotation (int8 to int64, uint8 to uint64), DATE as date32,
 *       TIME as time32[ms] or time64[us|ns], TIMESTAMP in its unit with time zone "UTC" when
 *       adjusted to UTC and none otherwise, INT96 as timestamp[ns];
 *   <li>DECIMAL on any physical type as decimal128 up to precision 38, decimal256 above;
 *   <li>BYTE_ARRAY as string when annotated STRING or JSON, binary otherwise (ENUM, BSON,
 *       GEOMETRY, GEOGRAPHY, none). pyarrow (arrow_extensions_enabled, its default since 19) reads
 *       JSON as its {@code arrow.json} extension type over strings; Arrow Java has no such type, so
 *       JSON stays a string. GEOMETRY and GEOGRAPHY (WKB) are binary as pyarrow gives them when no
 *       {@code geoarrow.wkb} extension type is registered, without field metadata; they are known by
 *       their annotation's class name, which parquet-java before 1.16 does not have;
 *   <li>FIXED_LEN_BYTE_ARRAY as halffloat for FLOAT16, Arrow Java's {@code arrow.uuid} extension
 *       type for UUID (as pyarrow reads it), fixed_size_binary otherwise; INTERVAL (months, days
 *       and milliseconds) as month_day_nano_interval, where pyarrow gives a null column for
 *       parquet-java's files (which mark the logical type unknown and keep INTERVAL as the
 *       converted type);
 *   <li>the UNKNOWN logical type (pyarrow's null columns), on any physical type, as null;
 *   <li>lists as list (the element keeps its Parquet name), maps as map of key and value, groups as
 *       struct; required fields are not nullable.
 * </ul>
 * Anything else (unknown annotations) is an {@link UnsupportedOperationException} naming
 * the column when the reader opens. A stored Arrow schema ({@link StoredArrowSchema}) then restores
 * what Parquet's types cannot say over this mapping.
 */
final class ArrowTypeMapping {
  private ArrowTypeMapping() {
  }

  /** The field for a node of a record batch; {@code dictionaryId} >= 0 makes a dictionary-encoded leaf with int32 indices. */
  static Field field(RecordNode node, boolean nullable, long dictionaryId) {
    return field(node, nullable, dictionaryId < 0 ? null : new DictionaryEncoding(dictionaryId, false, new ArrowType.Int(32, true)));
  }

  /** The field for a node of a record batch; a non-null {@code encoding} makes a dictionary-encoded leaf. */
  static Field field(RecordNode node, boolean nullable, DictionaryEncoding encoding) {
    return field(node, nullable, encoding, Map.of());
  }

  /**
   * The field for a node of a record batch; a non-null {@code encoding} makes a dictionary-encoded
   * leaf, and so does each leaf below {@code node} that {@code nested} holds (pyarrow's {@code
   * read_dictionary} with a column path).
   */
  static Field field(RecordNode node, boolean nullable, DictionaryEncoding encoding, Map<RecordNode, DictionaryEncoding> nested) {
    switch (node.kind()) {
      case PRIMITIVE: {
        PrimitiveType p = node.type().asPrimitiveType();
        ArrowType t = leafType(p, String.join(".", node.column().column().getPath()));
        if (encoding == null) {
          return new Field(node.name(), new FieldType(nullable, t, null), null);
        }
        // Arrow Java's in-memory form of an encoded field: the index type, with the encoding.
        return new Field(node.name(), new FieldType(nullable, encoding.getIndexType(), encoding), null);
      }
      case LIST: {
        RecordNode element = node.element();
        Field child = field(element, elementNullable(element), nested.get(element), nested);
        return new Field(node.name(), new FieldType(nullable, ArrowType.List.INSTANCE, null), List.of(child));
      }
      case MAP: {
        RecordNode key = node.key();
        RecordNode value = node.value();
        List<Field> kv = List.of(field(key, false, nested.get(key), nested),
            field(value, elementNullable(value), nested.get(value), nested));
        String entries = node.type().asGroupType().getType(0).getName();
        Field entry = new Field(entries, new FieldType(false, ArrowType.Struct.INSTANCE, null), kv);
        return new Field(node.name(), new FieldType(nullable, new ArrowType.Map(false), null), List.of(entry));
      }
      default: {
        List<Field> children = new ArrayList<>();
        for (RecordNode c : node.children()) {
          children.add(field(c, c.type().isRepetition(Type.Repetition.OPTIONAL), nested.get(c), nested));
        }
        return new Field(node.name(), new FieldType(nullable, ArrowType.Struct.INSTANCE, null), children);
      }
    }
  }

  /**
   * {@code f} as Arrow's IPC messages and {@code ArrowReader} describe it: each dictionary-encoded
   * field, at any depth, with its value type ({@code valueTypes} by dictionary id) in place of its
   * index type.
   */
  static Field messageField(Field f, Map<Long, ArrowType> valueTypes) {
    DictionaryEncoding d = f.getDictionary();
    List<Field> children = new ArrayList<>(f.getChildren().size());
    for (Field c : f.getChildren()) {
      children.add(messageField(c, valueTypes));
    }
    ArrowType type = d == null ? f.getType() : valueTypes.get(d.getId());
    return new Field(f.getName(), new FieldType(f.isNullable(), type, d, f.getMetadata()), children);
  }

  /**
   * {@code f} with pyarrow's {@code binary_type} and {@code list_type} applied at every depth:
   * string and binary become large_string and large_binary ({@code LargeBinary}) or string_view and
   * binary_view ({@code BinaryView}); lists become large lists ({@code LargeList}). Maps, fixed-size
   * binaries, decimals and extension types keep their types.
   */
  static Field withTypes(Field f, ArrowType binaryType, ArrowType listType) {
    if (binaryType instanceof ArrowType.Binary && listType instanceof ArrowType.List) {
      return f;
    }
    ArrowType t = f.getType();
    ArrowType type = t;
    if (t instanceof ArrowType.Utf8) {
      type = binaryType instanceof ArrowType.LargeBinary ? ArrowType.LargeUtf8.INSTANCE
          : binaryType instanceof ArrowType.BinaryView ? ArrowType.Utf8View.INSTANCE : t;
    } else if (t instanceof ArrowType.Binary) {
      type = binaryType;
    } else if (t instanceof ArrowType.List) {
      type = listType;
    }
    List<Field> children = new ArrayList<>(f.getChildren().size());
    for (Field c : f.getChildren()) {
      children.add(withTypes(c, binaryType, listType));
    }
    FieldType ft = f.getFieldType();
    return new Field(f.getName(), new FieldType(ft.isNullable(), type, ft.getDictionary(), ft.getMetadata()), children);
  }

  /**
   * Whether a list element (or map value) may be null: an optional field. A two-level list's
   * element is its repeated field itself, never null.
   */
  private static boolean elementNullable(RecordNode element) {
    return element.type().isRepetition(Type.Repetition.OPTIONAL);
  }

  /** The Arrow type of a leaf, as pyarrow maps it. */
  static ArrowType leafType(PrimitiveType p, String name) {
    LogicalTypeAnnotation a = p.getLogicalTypeAnnotation();
    if (a != null && a.getClass().getSimpleName().equals("UnknownLogicalTypeAnnotation")) {
      // The UNKNOWN (null) logical type, on any physical type: pyarrow writes Arrow's null columns so.
      return ArrowType.Null.INSTANCE;
    }
    if (a instanceof DecimalLogicalTypeAnnotation) {
      DecimalLogicalTypeAnnotation d = (DecimalLogicalTypeAnnotation) a;
      return new ArrowType.Decimal(d.getPrecision(), d.getScale(), d.getPrecision() <= 38 ? 128 : 256);
    }
    switch (p.getPrimitiveTypeName()) {
      case BOOLEAN:
        if (a == null) {
          return ArrowType.Bool.INSTANCE;
        }
        break;
      case INT32:
        if (a == null) {
          return new ArrowType.Int(32, true);
        }
        if (a instanceof IntLogicalTypeAnnotation) {
          IntLogicalTypeAnnotation i = (IntLogicalTypeAnnotation) a;
          if (i.getBitWidth() <= 32) {
            return new ArrowType.Int(i.getBitWidth(), i.isSigned());
          }
        } else if (a instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation) {
          return new ArrowType.Date(DateUnit.DAY);
        } else if (a instanceof TimeLogicalTypeAnnotation
            && ((TimeLogicalTypeAnnotation) a).getUnit() == LogicalTypeAnnotation.TimeUnit.MILLIS) {
          return new ArrowType.Time(TimeUnit.MILLISECOND, 32);
        }
        break;
      case INT64:
        if (a == null) {
          return new ArrowType.Int(64, true);
        }
        if (a instanceof IntLogicalTypeAnnotation && ((IntLogicalTypeAnnotation) a).getBitWidth() == 64) {
          return new ArrowType.Int(64, ((IntLogicalTypeAnnotation) a).isSigned());
        } else if (a instanceof TimeLogicalTypeAnnotation) {
          LogicalTypeAnnotation.TimeUnit u = ((TimeLogicalTypeAnnotation) a).getUnit();
          if (u != LogicalTypeAnnotation.TimeUnit.MILLIS) {
            return new ArrowType.Time(unit(u), 64);
          }
        } else if (a instanceof TimestampLogicalTypeAnnotation) {
          TimestampLogicalTypeAnnotation t = (TimestampLogicalTypeAnnotation) a;
          return new ArrowType.Timestamp(unit(t.getUnit()), t.isAdjustedToUTC() ? "UTC" : null);
        }
        break;
      case INT96:
        return new ArrowType.Timestamp(TimeUnit.NANOSECOND, null);
      case FLOAT:
        if (a == null) {
          return new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
        }
        break;
      case DOUBLE:
        if (a == null) {
          return new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
        }
        break;
      case BINARY:
        if (a instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation
            || a instanceof LogicalTypeAnnotation.JsonLogicalTypeAnnotation) {
          return ArrowType.Utf8.INSTANCE;
        }
        if (a == null || a instanceof LogicalTypeAnnotation.EnumLogicalTypeAnnotation
            || a instanceof LogicalTypeAnnotation.BsonLogicalTypeAnnotation || geospatial(a)) {
          return ArrowType.Binary.INSTANCE;
        }
        break;
      case FIXED_LEN_BYTE_ARRAY:
        if (a instanceof LogicalTypeAnnotation.Float16LogicalTypeAnnotation && p.getTypeLength() == 2) {
          return new ArrowType.FloatingPoint(FloatingPointPrecision.HALF);
        }
        if (a instanceof LogicalTypeAnnotation.UUIDLogicalTypeAnnotation && p.getTypeLength() == 16) {
          return UuidType.INSTANCE;
        }
        if (a instanceof LogicalTypeAnnotation.IntervalLogicalTypeAnnotation && p.getTypeLength() == 12) {
          return new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO);
        }
        if (a == null) {
          return new ArrowType.FixedSizeBinary(p.getTypeLength());
        }
        break;
      default:
        break;
    }
    throw new UnsupportedOperationException("column " + name + ": " + p + " has no Arrow mapping in this reader yet");
  }

  /** GEOMETRY or GEOGRAPHY, by class name: the classes exist from parquet-java 1.16 on. */
  private static boolean geospatial(LogicalTypeAnnotation a) {
    String name = a.getClass().getSimpleName();
    return name.equals("GeometryLogicalTypeAnnotation") || name.equals("GeographyLogicalTypeAnnotation");
  }

  private static TimeUnit unit(LogicalTypeAnnotation.TimeUnit u) {
    switch (u) {
      case MILLIS:
        return TimeUnit.MILLISECOND;
      case MICROS:
        return TimeUnit.MICROSECOND;
      default:
        return TimeUnit.NANOSECOND;
    }
  }
}
