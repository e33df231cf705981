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
package io.github.fastdecode.parquet.column;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.conformance.InMemoryPageReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one-level assembly's two passes (record starts, then every entry into the element slots) at
 * the places their bookkeeping changes hands: a null or empty list ("hole") as the last entry of a
 * 64-entry word of record starts, as the last entry of a batch's read or of a page, followed by a
 * record (consistent) or by a repeated entry (corrupt: a {@link ParquetDecodingException} naming
 * the page); element null flags of columns that cannot be null; and node nulls made on request
 * across reads whose sizes grow and shrink, against flags computed from the positions' levels.
 */
class OneLevelPassesTest {
  static final long SEED = 0x17_4a55L;
  static final int[] HOLE_AT = {0, 1, 62, 63, 64, 65, 126, 127, 128, 200, 255, 256};

  /**
   * Records of one element each (some null), a hole at {@code holeAt}, then a record or (when
   * {@code corrupt}) an entry repeating the hole's list, then more records.
   */
  private static int[][] levels(int holeAt, boolean corrupt, int holeDef, Random random) {
    int n = holeAt + 1 + 1 + 70;
    int[] rep = new int[n];
    int[] def = new int[n];
    for (int i = 0; i < n; i++) {
      rep[i] = i == 0 || random.nextInt(3) != 0 ? 0 : 1;
      def[i] = random.nextInt(5) == 0 ? 2 : 3;
    }
    rep[holeAt] = 0;
    def[holeAt] = holeDef;
    rep[holeAt + 1] = corrupt ? 1 : 0;
    return new int[][] {rep, def};
  }

  private static long[] values(int[] def, int from, int to) {
    int c = 0;
    for (int i = from; i < to; i++) {
      c += def[i] == 3 ? 1 : 0;
    }
    long[] v = new long[c];
    for (int i = from, k = 0; i < to; i++) {
      if (def[i] == 3) {
        v[k++] = i * 7L - 5;
      }
    }
    return v;
  }

  private static int rows(int[] rep, int from, int to) {
    int c = 0;
    for (int i = from; i < to; i++) {
      c += rep[i] == 0 ? 1 : 0;
    }
    return c;
  }

  /** One page, or two split right after the hole (V2: only where a record starts there). */
  private static List<DataPage> pages(int[] rep, int[] def, int split, boolean v2) {
    List<DataPage> pages = new ArrayList<>();
    int[] cuts = split > 0 && split < rep.length ? new int[] {0, split, rep.length} : new int[] {0, rep.length};
    for (int k = 0; k + 1 < cuts.length; k++) {
      int from = cuts[k];
      int to = cuts[k + 1];
      int[] r = Arrays.copyOfRange(rep, from, to);
      int[] d = Arrays.copyOfRange(def, from, to);
      long[] v = values(def, from, to);
      pages.add(v2 ? NestedPagesTest.v2(rows(rep, from, to), r, d, v) : NestedPagesTest.v1(r, d, v));
    }
    return pages;
  }

  @Test
  void holesAtWordBatchAndPageEdges() {
    Random random = new Random(SEED);
    System.out.println("OneLevelPassesTest seed " + SEED);
    for (int holeAt : HOLE_AT) {
      for (int holeDef : new int[] {0, 1}) {
        for (boolean splitAfterHole : new boolean[] {false, true}) {
          for (boolean v2 : new boolean[] {false, true}) {
            int[][] l = levels(holeAt, false, holeDef, random);
            int[] rep = l[0];
            int[] def = l[1];
            int split = splitAfterHole ? holeAt + 1 : 0;
            for (int capacity : new int[] {1, 2, 3, 63, 64, 65, rows(rep, 0, holeAt + 1), 4096}) {
              String where = "seed " + SEED + ", hole at " + holeAt + " (def " + holeDef + "), split " + split + ", v2 " + v2
                  + ", capacity " + capacity;
              readAndCheck(rep, def, pages(rep, def, split, v2), capacity, where);
            }
          }
        }
      }
    }
  }

  @Test
  void repeatingAHoleAtWordBatchAndPageEdgesFails() {
    Random random = new Random(SEED + 1);
    for (int holeAt : HOLE_AT) {
      for (int holeDef : new int[] {0, 1}) {
        for (boolean splitAfterHole : new boolean[] {false, true}) {
          int[][] l = levels(holeAt, true, holeDef, random);
          int[] rep = l[0];
          int[] def = l[1];
          int split = splitAfterHole ? holeAt + 1 : 0;
          for (int capacity : new int[] {1, 2, 63, 64, 65, rows(rep, 0, holeAt + 1), 4096}) {
            String where = "seed " + (SEED + 1) + ", hole at " + holeAt + " (def " + holeDef + "), split " + split + ", capacity " + capacity;
            ColumnChunkReader chunk = new ColumnChunkReader(NestedPagesTest.ELEMENT, InMemoryPageReader.of(null, pages(rep, def, split, false)), 5);
            ColumnBatch batch = ColumnBatch.forColumn(NestedPagesTest.LIST, NestedPagesTest.ELEMENT, capacity);
            ColumnReadException e = assertThrows(ColumnReadException.class, () -> {
              while (chunk.readBatch(batch) > 0) {
                // read on
              }
            }, where);
            assertTrue(e instanceof ParquetDecodingException, where);
            assertTrue(e.getMessage().contains("levels disagree with the schema"), where + ": " + e.getMessage());
            assertEquals(split > 0 ? 1 : 0, e.page(), where + ": " + e.getMessage());
            assertEquals("a.list.element", e.column(), where);
          }
        }
      }
    }
  }

  /** Reads all records in batches of {@code capacity} and checks them entry by entry. */
  private static void readAndCheck(int[] rep, int[] def, List<DataPage> pages, int capacity, String where) {
    ColumnDescriptor c = NestedPagesTest.ELEMENT;
    ColumnChunkReader chunk = new ColumnChunkReader(c, InMemoryPageReader.of(null, pages), 0);
    ColumnBatch batch = ColumnBatch.forColumn(NestedPagesTest.LIST, c, capacity);
    int entry = 0;
    int valuesBefore = 0;
    int n;
    while ((n = chunk.readBatch(batch)) > 0) {
      int from = entry;
      int records = 0;
      int to = from;
      while (to < rep.length && (rep[to] != 0 || records < n)) {
        records += rep[to] == 0 ? 1 : 0;
        to++;
      }
      List<Integer> rowLevels = new ArrayList<>();
      List<Integer> offsets = new ArrayList<>();
      List<Integer> elements = new ArrayList<>();
      for (int i = from; i < to; i++) {
        if (rep[i] == 0) {
          rowLevels.add(def[i]);
          offsets.add(elements.size());
        }
        if (def[i] >= 2) {
          elements.add(def[i]);
        }
      }
      offsets.add(elements.size());
      assertEquals(rowLevels.size(), n, where);
      assertEquals(elements.size(), batch.positionCount(1), where);
      for (int r = 0; r < n; r++) {
        assertEquals(rowLevels.get(r), batch.positionDefinitionLevels(0)[r], where + ", record " + r);
        assertEquals(offsets.get(r), batch.offsets(1)[r], where + ", offset " + r);
      }
      assertEquals(offsets.get(n), batch.offsets(1)[n], where);
      for (int k = 0; k < elements.size(); k++) {
        assertEquals(elements.get(k), batch.positionDefinitionLevels(1)[k], where + ", element " + k);
        assertEquals(elements.get(k) < 3, batch.nulls()[k], where + ", element " + k);
      }
      long[] expected = values(def, from, to);
      assertEquals(expected.length, batch.valueCount(), where);
      assertArrayEquals(expected, Arrays.copyOf(batch.longs(), expected.length), where);
      assertArrayEquals(Arrays.copyOfRange(def, from, to), Arrays.copyOf(batch.definitionLevels(), to - from), where);
      entry = to;
      valuesBefore += expected.length;
    }
    assertEquals(rep.length, entry, where);
  }

  static final MessageType MAPS = MessageTypeParser.parseMessageType("message m {"
      + " optional group m (MAP) { repeated group key_value { required binary key (STRING); optional int64 value; } }"
      + " optional group l (LIST) { repeated group list { required group element { required int32 x; optional int32 y; } } } }");

  /**
   * A map's required keys (a column whose elements cannot be null: its flags are never written)
   * and a list of required structs (a node that cannot be null at its level), read in batches
   * whose sizes go up and down, with node nulls asked for on some reads only: every node's flags
   * equal those computed from its positions' definition levels, the keys' and struct's all false.
   */
  @Test
  void nullsOfNodesAndOfColumnsThatCannotBeNull(@TempDir Path dir) throws Exception {
    Random random = new Random(SEED + 2);
    SimpleGroupFactory groups = new SimpleGroupFactory(MAPS);
    List<Group> records = new ArrayList<>();
    for (int r = 0; r < 3000; r++) {
      Group g = groups.newGroup();
      int k = random.nextInt(10);
      if (k != 0) {
        Group m = g.addGroup("m");
        for (int i = 0, len = k == 1 ? 0 : random.nextInt(k * 3); i < len; i++) {
          Group e = m.addGroup("key_value").append("key", "k" + random.nextInt(50));
          if (random.nextInt(4) != 0) {
            e.append("value", random.nextLong());
          }
        }
      }
      k = random.nextInt(10);
      if (k != 0) {
        Group l = g.addGroup("l");
        for (int i = 0, len = k == 1 ? 0 : random.nextInt(k * 3); i < len; i++) {
          Group e = l.addGroup("list").addGroup("element").append("x", random.nextInt());
          if (random.nextInt(4) != 0) {
            e.append("y", random.nextInt());
          }
        }
      }
      records.add(g);
    }
    for (boolean v2 : new boolean[] {false, true}) {
      // Small row groups: batches end at each, so their sizes go up and down.
      Path file = dir.resolve("maps-" + v2 + ".parquet");
      Files.deleteIfExists(file);
      NestedRecords.write(file, MAPS, records, new NestedRecords.WriteOptions(v2, true, 97, 9_000));
      readNodes(file, random, records.size(), "seed " + (SEED + 2) + ", v2 " + v2);
    }
  }

  private static void readNodes(Path file, Random random, int records, String at) throws Exception {
    try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(file), List.of("m", "l"))) {
      RecordBatch batch = reader.newRecordBatch(700);
      int read = 0;
      int round = 0;
      int smallest = Integer.MAX_VALUE;
      while (true) {
        int n = reader.nextBatch(batch);
        if (n == 0) {
          break;
        }
        smallest = Math.min(smallest, n);
        read += n;
        round++;
        boolean ask = random.nextInt(3) != 0;
        String where = at + ", round " + round;
        RecordNode m = batch.field("m");
        RecordNode l = batch.field("l");
        ColumnBatch keys = m.key().column();
        assertFalse(keys.mayHaveNulls(), where);
        assertTrue(keys.nulls().length >= keys.leafCount(), where);
        for (int p = 0; p < keys.leafCount(); p++) {
          assertFalse(keys.nulls()[p], where + ", key " + p);
        }
        if (!ask) {
          continue;
        }
        for (RecordNode node : List.of(m, l, l.element(), m.value(), l.element().child("y"))) {
          ColumnBatch leaf = node.kind() == RecordNode.Kind.PRIMITIVE ? node.column() : firstLeaf(node);
          int count = node.positionCount();
          int[] levels = leaf.positionDefinitionLevels(node.level());
          boolean[] nulls = node.nulls();
          for (int p = 0; p < count; p++) {
            boolean expected = node.kind() == RecordNode.Kind.PRIMITIVE ? levels[p] < leaf.maxDefinitionLevel()
                : levels[p] < node.definitionLevel();
            assertEquals(expected, nulls[p], where + ", " + node.name() + " position " + p);
            assertEquals(expected, node.isNull(p), where + ", " + node.name() + " position " + p);
          }
        }
        boolean[] structNulls = l.element().nulls();
        for (int p = 0; p < l.element().positionCount(); p++) {
          assertFalse(structNulls[p], where + ", a required struct under a list is never null");
        }
      }
      assertEquals(records, read, at);
      assertTrue(smallest < 700, at + ": no short batch");
    }
  }

  private static ColumnBatch firstLeaf(RecordNode node) {
    RecordNode n = node;
    while (n.kind() != RecordNode.Kind.PRIMITIVE) {
      n = n.children().get(0);
    }
    return n.column();
  }
}
