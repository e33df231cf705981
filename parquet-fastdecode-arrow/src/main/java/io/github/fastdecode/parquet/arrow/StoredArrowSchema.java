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

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.ipc.ReadChannel;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.schema.GroupType;

/**
 * The Arrow schema a file's writer stored in its key-value metadata ({@code ARROW:schema}: the
 * base64 of an Arrow IPC schema message, which pyarrow and Arrow C++ write by default), and the
 * types it restores over the file's own mapping, as Arrow C++'s Parquet reader restores them:
 * <ul>
 *   <li>a timestamp's time zone, where the column says only "adjusted to UTC" (the unit stays the
 *       file's: a stored timestamp[s] comes back as timestamp[ms] in its zone);
 *   <li>large_string and large_binary over string and binary; large_list and fixed_size_list over
 *       list (a fixed-size list whose lists are not all of its size fails where it is read);
 *   <li>duration (in the stored unit) over int64;
 *   <li>decimal256 over decimal128 of the same precision and scale;
 *   <li>a field's custom metadata (the keys of an extension type Arrow Java does not know only where
 *       the field has the stored storage type);
 *   <li>recursively inside structs (children matched by name), lists and maps.
 * </ul>
 * Dictionary types, at any depth, are the reader's to restore ({@code ArrowParquetReader}).
 * A stored type that does not fit the column (another type, another shape) leaves the file's own
 * mapping for that field. A stored schema that cannot be decoded, or whose top-level fields differ
 * from the file's in number or names, is not used at all.
 */
final class StoredArrowSchema {
  static final String KEY = "ARROW:schema";
  private static final String EXTENSION_NAME = "ARROW:extension:name";
  private static final String EXTENSION_METADATA = "ARROW:extension:metadata";

  private StoredArrowSchema() {
  }

  /**
   * The stored schema whose top-level fields match {@code fileSchema}'s (same count, same names in
   * the same order), or null: none stored, or one that cannot be decoded or does not match.
   */
  static Schema read(Map<String, String> keyValueMetadata, GroupType fileSchema) {
    String value = keyValueMetadata == null ? null : keyValueMetadata.get(KEY);
    if (value == null) {
      return null;
    }
    Schema schema;
    try {
      schema = decode(Base64.getDecoder().decode(value.strip()));
    } catch (IllegalArgumentException | IOException e) {
      return null;
    } catch (RuntimeException e) {
      // Arrow's flatbuffer accessors on damaged bytes (IndexOutOfBounds and the like): not a schema.
      return null;
    } catch (StackOverflowError e) {
      // Damaged flatbuffer offsets can make a field its own child: Arrow Java's conversion recurses
      // without end. The stack is unwound here, and the stored schema is not used.
      return null;
    }
    if (schema == null || schema.getFields().size() != fileSchema.getFieldCount()) {
      return null;
    }
    for (int i = 0; i < fileSchema.getFieldCount(); i++) {
      if (!schema.getFields().get(i).getName().equals(fileSchema.getType(i).getName())) {
        return null;
      }
    }
    return schema;
  }

  /**
   * An IPC schema message: [0xFFFFFFFF] int32 length, flatbuffer. The length is checked against the
   * bytes there are before Arrow reads it (it allocates what the length says).
   */
  private static Schema decode(byte[] bytes) throws IOException {
    ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    if (b.remaining() < 4) {
      return null;
    }
    int length = b.getInt();
    if (length == -1) {
      if (b.remaining() < 4) {
        return null;
      }
      length = b.getInt();
    }
    if (length <= 0 || length > b.remaining()) {
      return null;
    }
    return MessageSerializer.deserializeSchema(new ReadChannel(Channels.newChannel(new ByteArrayInputStream(bytes))));
  }

  /** {@code inferred} (the file's own mapping of a field) with what {@code stored} restores over it. */
  static Field restore(Field stored, Field inferred) {
    ArrowType s = stored.getType();
    if (s instanceof ArrowType.ExtensionType && !(inferred.getType() instanceof ArrowType.ExtensionType)) {
      // An extension type Arrow Java knows: restore over its storage, then wrap if the storage fits.
      ArrowType storage = ((ArrowType.ExtensionType) s).storageType();
      Field restored = restore(new Field(stored.getName(), new FieldType(stored.isNullable(), storage, null,
          stored.getMetadata()), stored.getChildren()), inferred);
      if (restored.getType().equals(storage)) {
        return new Field(restored.getName(), new FieldType(restored.isNullable(), s, null, restored.getMetadata()),
            restored.getChildren());
      }
      return restored;
    }
    ArrowType t = inferred.getType();
    ArrowType type = t;
    List<Field> children = inferred.getChildren();
    switch (t.getTypeID()) {
      case Struct:
        if (s.getTypeID() == ArrowType.ArrowTypeID.Struct) {
          children = restoreByName(stored.getChildren(), children);
        }
        break;
      case List:
        if ((s.getTypeID() == ArrowType.ArrowTypeID.List || s.getTypeID() == ArrowType.ArrowTypeID.LargeList
            || (s instanceof ArrowType.FixedSizeList && ((ArrowType.FixedSizeList) s).getListSize() >= 0))
            && stored.getChildren().size() == 1) {
          children = List.of(restore(stored.getChildren().get(0), children.get(0)));
          type = s.getTypeID() == ArrowType.ArrowTypeID.List ? t : s;
        }
        break;
      case Map:
        if (s.getTypeID() == ArrowType.ArrowTypeID.Map && stored.getChildren().size() == 1
            && stored.getChildren().get(0).getChildren().size() == 2) {
          Field entries = children.get(0);
          List<Field> kv = entries.getChildren();
          List<Field> storedKv = stored.getChildren().get(0).getChildren();
          List<Field> restoredKv = List.of(restore(storedKv.get(0), kv.get(0)), restore(storedKv.get(1), kv.get(1)));
          children = List.of(new Field(entries.getName(), entries.getFieldType(), restoredKv));
        }
        break;
      case Timestamp:
        if (s instanceof ArrowType.Timestamp) {
          String zone = ((ArrowType.Timestamp) s).getTimezone();
          ArrowType.Timestamp ts = (ArrowType.Timestamp) t;
          if ("UTC".equals(ts.getTimezone()) && zone != null && !zone.isEmpty()) {
            type = new ArrowType.Timestamp(ts.getUnit(), zone);
          }
        }
        break;
      case Int:
        if (s instanceof ArrowType.Duration && ((ArrowType.Int) t).getBitWidth() == 64 && ((ArrowType.Int) t).getIsSigned()) {
          type = s;
        }
        break;
      case Utf8:
        if (s instanceof ArrowType.LargeUtf8 && stored.getDictionary() == null) {
          type = s;
        }
        break;
      case Binary:
        if (s instanceof ArrowType.LargeBinary && stored.getDictionary() == null) {
          type = s;
        }
        break;
      case Decimal:
        if (s instanceof ArrowType.Decimal) {
          ArrowType.Decimal sd = (ArrowType.Decimal) s;
          ArrowType.Decimal td = (ArrowType.Decimal) t;
          if (sd.getBitWidth() == 256 && td.getBitWidth() == 128 && sd.getPrecision() == td.getPrecision()
              && sd.getScale() == td.getScale()) {
            type = s;
          }
        }
        break;
      default:
        break;
    }
    Map<String, String> metadata = inferred.getMetadata();
    if (stored.getMetadata() != null && !stored.getMetadata().isEmpty()) {
      Map<String, String> merged = new LinkedHashMap<>(stored.getMetadata());
      if (!type.equals(s)) {
        // An extension Arrow Java does not know stays a storage type with these keys: they describe
        // the stored storage type, so they go only onto a field that has it.
        merged.remove(EXTENSION_NAME);
        merged.remove(EXTENSION_METADATA);
      }
      if (metadata != null) {
        merged.putAll(metadata);
      }
      metadata = merged.isEmpty() ? metadata : merged;
    }
    FieldType ft = inferred.getFieldType();
    return new Field(inferred.getName(), new FieldType(ft.isNullable(), type, ft.getDictionary(), metadata), children);
  }

  /**
   * Struct children restored by the stored child of the same name (a projection may leave some
   * out); all of them unchanged unless every child has a stored namesake.
   */
  private static List<Field> restoreByName(List<Field> stored, List<Field> inferred) {
    List<Field> out = new ArrayList<>(inferred.size());
    for (Field f : inferred) {
      Field match = null;
      for (Field s : stored) {
        if (s.getName().equals(f.getName())) {
          match = s;
          break;
        }
      }
      if (match == null) {
        return inferred;
      }
      out.add(restore(match, f));
    }
    return out;
  }
}
