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

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.DurationVector;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.LargeVarBinaryVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeNanoVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.ViewVarBinaryVector;
import org.apache.arrow.vector.ViewVarCharVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.util.ValueVectorUtility;

/**
 * The canonical text of Arrow Java fields and values that {@code src/test/python/pyarrow_expectations.py}
 * writes for pyarrow's (its docstring has the grammar): the test reads our vectors with Arrow
 * Java's own getters and compares this text with pyarrow's.
 */
final class ArrowCanonical {
  private static final HexFormat HEX = HexFormat.of();

  private ArrowCanonical() {
  }

  static String field(Field f, DictionaryProvider dictionaries) {
    return f.getName() + ": " + type(f, dictionaries) + (f.isNullable() ? "" : " not null");
  }

  static String type(Field f, DictionaryProvider dictionaries) {
    ArrowType t = f.getType();
    if (f.getDictionary() != null) {
      ArrowType values = dictionaries.lookup(f.getDictionary().getId()).getVectorType();
      return "dictionary<values=" + leaf(values) + ", indices=" + leaf(f.getDictionary().getIndexType()) + ">";
    }
    switch (t.getTypeID()) {
      case List:
        return "list<" + field(f.getChildren().get(0), dictionaries) + ">";
      case LargeList:
        return "large_list<" + field(f.getChildren().get(0), dictionaries) + ">";
      case FixedSizeList:
        return "fixed_size_list<" + field(f.getChildren().get(0), dictionaries) + ">["
            + ((ArrowType.FixedSizeList) t).getListSize() + "]";
      case Map: {
        List<Field> kv = f.getChildren().get(0).getChildren();
        return "map<" + field(kv.get(0), dictionaries) + ", " + field(kv.get(1), dictionaries) + ">";
      }
      case Struct: {
        List<String> parts = new ArrayList<>();
        for (Field c : f.getChildren()) {
          parts.add(field(c, dictionaries));
        }
        return "struct<" + String.join(", ", parts) + ">";
      }
      default:
        return leaf(t);
    }
  }

  /** A leaf type as pyarrow prints it. */
  static String leaf(ArrowType t) {
    if (t instanceof ArrowType.ExtensionType) {
      return "extension<" + ((ArrowType.ExtensionType) t).extensionName() + ">";
    }
    switch (t.getTypeID()) {
      case Bool:
        return "bool";
      case Int: {
        ArrowType.Int i = (ArrowType.Int) t;
        return (i.getIsSigned() ? "int" : "uint") + i.getBitWidth();
      }
      case FloatingPoint: {
        FloatingPointPrecision p = ((ArrowType.FloatingPoint) t).getPrecision();
        return p == FloatingPointPrecision.HALF ? "halffloat" : p == FloatingPointPrecision.SINGLE ? "float" : "double";
      }
      case Decimal: {
        ArrowType.Decimal d = (ArrowType.Decimal) t;
        return "decimal" + d.getBitWidth() + "(" + d.getPrecision() + ", " + d.getScale() + ")";
      }
      case Utf8:
        return "string";
      case Binary:
        return "binary";
      case LargeUtf8:
        return "large_string";
      case LargeBinary:
        return "large_binary";
      case Utf8View:
        return "string_view";
      case BinaryView:
        return "binary_view";
      case Duration:
        return "duration[" + unit(((ArrowType.Duration) t).getUnit()) + "]";
      case FixedSizeBinary:
        return "fixed_size_binary[" + ((ArrowType.FixedSizeBinary) t).getByteWidth() + "]";
      case Date:
        return "date32[day]";
      case Time: {
        ArrowType.Time tt = (ArrowType.Time) t;
        return "time" + tt.getBitWidth() + "[" + unit(tt.getUnit()) + "]";
      }
      case Timestamp: {
        ArrowType.Timestamp ts = (ArrowType.Timestamp) t;
        return "timestamp[" + unit(ts.getUnit()) + (ts.getTimezone() == null ? "" : ", tz=" + ts.getTimezone()) + "]";
      }
      default:
        throw new AssertionError("no canonical name for " + t);
    }
  }

  private static String unit(TimeUnit u) {
    switch (u) {
      case SECOND:
        return "s";
      case MILLISECOND:
        return "ms";
      case MICROSECOND:
        return "us";
      default:
        return "ns";
    }
  }

  /** The canonical value at {@code i}; dictionary-encoded vectors are decoded through {@code dictionaries}. */
  static String value(FieldVector v, int i, DictionaryProvider dictionaries) {
    if (v.isNull(i)) {
      return "null";
    }
    Field f = v.getField();
    if (f.getDictionary() != null) {
      Dictionary d = dictionaries.lookup(f.getDictionary().getId());
      int index = (int) ((BaseIntVector) v).getValueAsLong(i);
      return value(d.getVector(), index, dictionaries);
    }
    if (v instanceof ExtensionTypeVector) {
      return value((FieldVector) ((ExtensionTypeVector<?>) v).getUnderlyingVector(), i, dictionaries);
    }
    if (v instanceof MapVector) {
      MapVector m = (MapVector) v;
      StructVector entries = (StructVector) m.getDataVector();
      List<String> parts = new ArrayList<>();
      for (int k = m.getElementStartIndex(i); k < m.getElementEndIndex(i); k++) {
        parts.add(value((FieldVector) entries.getChildByOrdinal(0), k, dictionaries) + ":"
            + value((FieldVector) entries.getChildByOrdinal(1), k, dictionaries));
      }
      return "<" + String.join(",", parts) + ">";
    }
    if (v instanceof ListVector) {
      ListVector l = (ListVector) v;
      List<String> parts = new ArrayList<>();
      for (int k = l.getElementStartIndex(i); k < l.getElementEndIndex(i); k++) {
        parts.add(value(l.getDataVector(), k, dictionaries));
      }
      return "[" + String.join(",", parts) + "]";
    }
    if (v instanceof LargeListVector) {
      LargeListVector l = (LargeListVector) v;
      List<String> parts = new ArrayList<>();
      long end = l.getOffsetBuffer().getLong(8L * (i + 1));
      for (long k = l.getOffsetBuffer().getLong(8L * i); k < end; k++) {
        parts.add(value(l.getDataVector(), Math.toIntExact(k), dictionaries));
      }
      return "[" + String.join(",", parts) + "]";
    }
    if (v instanceof FixedSizeListVector) {
      FixedSizeListVector l = (FixedSizeListVector) v;
      int size = l.getListSize();
      List<String> parts = new ArrayList<>();
      for (int k = i * size; k < (i + 1) * size; k++) {
        parts.add(value(l.getDataVector(), k, dictionaries));
      }
      return "[" + String.join(",", parts) + "]";
    }
    if (v instanceof StructVector) {
      StructVector s = (StructVector) v;
      List<String> parts = new ArrayList<>();
      for (int c = 0; c < s.size(); c++) {
        FieldVector child = (FieldVector) s.getChildByOrdinal(c);
        parts.add(child.getName() + "=" + value(child, i, dictionaries));
      }
      return "{" + String.join(",", parts) + "}";
    }
    if (v instanceof BitVector) {
      return ((BitVector) v).get(i) == 1 ? "true" : "false";
    }
    if (v instanceof UInt1Vector) {
      return Integer.toString(((UInt1Vector) v).get(i) & 0xFF);
    }
    if (v instanceof UInt2Vector) {
      return Integer.toString(((UInt2Vector) v).get(i));
    }
    if (v instanceof UInt4Vector) {
      return Integer.toUnsignedString(((UInt4Vector) v).get(i));
    }
    if (v instanceof UInt8Vector) {
      return Long.toUnsignedString(((UInt8Vector) v).get(i));
    }
    if (v instanceof Float2Vector) {
      return String.format("h:%04x", ((Float2Vector) v).get(i) & 0xFFFF);
    }
    if (v instanceof Float4Vector) {
      return String.format("f:%08x", Float.floatToRawIntBits(((Float4Vector) v).get(i)));
    }
    if (v instanceof Float8Vector) {
      return String.format("d:%016x", Double.doubleToRawLongBits(((Float8Vector) v).get(i)));
    }
    if (v instanceof DecimalVector) {
      return unscaled(((DecimalVector) v).getObject(i));
    }
    if (v instanceof Decimal256Vector) {
      return unscaled(((Decimal256Vector) v).getObject(i));
    }
    if (v instanceof DateDayVector) {
      return Integer.toString(((DateDayVector) v).get(i));
    }
    if (v instanceof TimeMilliVector) {
      return Integer.toString(((TimeMilliVector) v).get(i));
    }
    if (v instanceof TimeMicroVector) {
      return Long.toString(((TimeMicroVector) v).get(i));
    }
    if (v instanceof TimeNanoVector) {
      return Long.toString(((TimeNanoVector) v).get(i));
    }
    if (v instanceof TimeStampVector) {
      return Long.toString(((TimeStampVector) v).get(i));
    }
    if (v instanceof BaseIntVector) {
      return Long.toString(((BaseIntVector) v).getValueAsLong(i));
    }
    if (v instanceof VarCharVector) {
      return "x:" + HEX.formatHex(((VarCharVector) v).get(i));
    }
    if (v instanceof DurationVector) {
      return Long.toString(DurationVector.get(v.getDataBuffer(), i));
    }
    if (v instanceof LargeVarCharVector) {
      return "x:" + HEX.formatHex(((LargeVarCharVector) v).get(i));
    }
    if (v instanceof LargeVarBinaryVector) {
      return "x:" + HEX.formatHex(((LargeVarBinaryVector) v).get(i));
    }
    if (v instanceof VarBinaryVector) {
      return "x:" + HEX.formatHex(((VarBinaryVector) v).get(i));
    }
    if (v instanceof FixedSizeBinaryVector) {
      return "x:" + HEX.formatHex(((FixedSizeBinaryVector) v).get(i));
    }
    if (v instanceof ViewVarCharVector) {
      return "x:" + HEX.formatHex(((ViewVarCharVector) v).get(i));
    }
    if (v instanceof ViewVarBinaryVector) {
      return "x:" + HEX.formatHex(((ViewVarBinaryVector) v).get(i));
    }
    throw new AssertionError("no canonical value for " + v.getClass().getSimpleName());
  }

  /**
   * Arrow's own structural checks ({@code ValueVectorUtility.validate}: buffer sizes, offsets),
   * with the data checks of {@code validateFull} where Arrow Java 19 can run them: its validator
   * takes a map for a list of the wrong type, asks a fixed-size list for offsets and knows no
   * float16 vector, so those are checked here; decimals get the structural checks only, as files may hold values above the declared
   * precision (parquet-testing's int32_decimal), which pyarrow reads as they are.
   */
  static void validate(FieldVector v) {
    validate(v, true);
  }

  /**
   * As {@link #validate(FieldVector)}; {@code utf8} false leaves out the UTF-8 check of strings
   * (damaged files: pyarrow does not check it when it reads either).
   */
  static void validate(FieldVector v, boolean utf8) {
    if (v instanceof ExtensionTypeVector) {
      validate((FieldVector) ((ExtensionTypeVector<?>) v).getUnderlyingVector(), utf8);
    } else if (v instanceof ListVector) {   // lists and maps
      ListVector l = (ListVector) v;
      int n = l.getValueCount();
      int previous = n == 0 ? 0 : l.getOffsetBuffer().getInt(0);
      if (previous != 0) {
        throw new AssertionError(v.getName() + ": the first offset is " + previous);
      }
      for (int i = 1; i <= n; i++) {
        int o = l.getOffsetBuffer().getInt(4L * i);
        if (o < previous) {
          throw new AssertionError(v.getName() + ": offsets go down at " + i);
        }
        previous = o;
      }
      if (previous > l.getDataVector().getValueCount()) {
        throw new AssertionError(v.getName() + ": offsets end at " + previous + ", the child has " + l.getDataVector().getValueCount());
      }
      if (l.getValidityBuffer().capacity() * 8 < n) {
        throw new AssertionError(v.getName() + ": validity buffer too small");
      }
      validate(l.getDataVector(), utf8);
    } else if (v instanceof LargeListVector) {
      // Arrow's own structural checks, then the child as above (its data checks would check UTF-8).
      LargeListVector l = (LargeListVector) v;
      ValueVectorUtility.validate(l);
      validate(l.getDataVector(), utf8);
    } else if (v instanceof FixedSizeListVector) {
      // Arrow Java 19's data validator asks a fixed-size list for offsets it does not have: the layout here.
      FixedSizeListVector l = (FixedSizeListVector) v;
      long children = (long) l.getListSize() * l.getValueCount();
      if (l.getDataVector().getValueCount() != children) {
        throw new AssertionError(v.getName() + ": " + l.getValueCount() + " lists of " + l.getListSize() + " but "
            + l.getDataVector().getValueCount() + " elements");
      }
      if (l.getValidityBuffer().capacity() * 8 < l.getValueCount()) {
        throw new AssertionError(v.getName() + ": validity buffer too small");
      }
      validate(l.getDataVector(), utf8);
    } else if (v instanceof StructVector) {
      StructVector s = (StructVector) v;
      for (int c = 0; c < s.size(); c++) {
        FieldVector child = (FieldVector) s.getChildByOrdinal(c);
        if (child.getValueCount() != s.getValueCount()) {
          throw new AssertionError(child.getName() + " has " + child.getValueCount() + " values, its struct " + s.getValueCount());
        }
        validate(child, utf8);
      }
    } else if (v instanceof Float2Vector) {
      if (v.getDataBuffer().capacity() < 2L * v.getValueCount() || v.getValidityBuffer().capacity() * 8 < v.getValueCount()) {
        throw new AssertionError(v.getName() + ": buffers too small");
      }
    } else if (v instanceof DecimalVector || v instanceof Decimal256Vector
        || (!utf8 && (v instanceof VarCharVector || v instanceof LargeVarCharVector || v instanceof ViewVarCharVector))) {
      ValueVectorUtility.validate(v);
    } else {
      ValueVectorUtility.validateFull(v);
    }
  }

  private static String unscaled(BigDecimal d) {
    return d.unscaledValue().toString();
  }
}
