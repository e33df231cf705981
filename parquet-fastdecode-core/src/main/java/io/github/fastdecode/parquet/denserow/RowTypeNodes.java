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
package io.github.fastdecode.parquet.denserow;

import java.util.ArrayList;
import java.util.List;

/**
 * The row type's nodes, numbered once in pre-order (node 0 is the row itself), with what the size
 * pass, the writer and the reader look up per node: its children's nodes, its packable-children
 * mask (ARRAY and MAP), its slot in the width records (a container with a packable child; -1
 * otherwise) and the width bytes its containers may carry. Also the few questions all three ask of
 * a vector.
 */
final class RowTypeNodes {
  final int[][] childNodes;
  final int[] packMasks;
  final int[] slots;
  /** Per node with a packable child: which of the 256 width bytes its containers may carry. */
  final boolean[][] widthBytesAllowed;
  final int slotCount;

  RowTypeNodes(DenseType rowType) {
    List<DenseType> nodes = new ArrayList<>();
    number(rowType, nodes);
    int count = nodes.size();
    childNodes = new int[count][];
    packMasks = new int[count];
    slots = new int[count];
    int slotCount = 0;
    // Pre-order: a node's first child is the next node, each later child follows the previous one's subtree.
    int[] subtree = new int[count];
    for (int i = count - 1; i >= 0; i--) {
      DenseType t = nodes.get(i);
      subtree[i] = 1;
      int c = i + 1;
      childNodes[i] = new int[t.childCount()];
      for (int k = 0; k < t.childCount(); k++) {
        childNodes[i][k] = c;
        subtree[i] += subtree[c];
        c += subtree[c];
      }
    }
    widthBytesAllowed = new boolean[count][];
    for (int i = 0; i < count; i++) {
      DenseType t = nodes.get(i);
      boolean container = t.kind() == DenseType.Kind.ARRAY || t.kind() == DenseType.Kind.MAP;
      packMasks[i] = container ? packMask(t) : 0;
      slots[i] = packMasks[i] != 0 ? slotCount++ : -1;
      if (packMasks[i] != 0) {
        widthBytesAllowed[i] = new boolean[256];
        for (int x = 1; x < 256; x++) {
          widthBytesAllowed[i][x] = widthByteAllowed(t, packMasks[i], x);
        }
      }
    }
    this.slotCount = slotCount;
  }

  /** Whether a container of {@code t} may carry width byte {@code x} (the rule {@link RowDecoder} reports). */
  private static boolean widthByteAllowed(DenseType t, int packMask, int x) {
    for (int k = 0; k < 2; k++) {
      int w = (x >>> (k << 2)) & 0xF;
      if (w != 0 && ((packMask & (1 << k)) == 0 || w > (t.child(k).kind() == DenseType.Kind.INT64 ? 8 : 4))) {
        return false;
      }
    }
    return x != 0;
  }

  private static void number(DenseType t, List<DenseType> nodes) {
    nodes.add(t);
    for (int k = 0; k < t.childCount(); k++) {
      number(t.child(k), nodes);
    }
  }

  /** A not-nullable INT32 or INT64. */
  static boolean isPackable(DenseType t) {
    return !t.nullable() && (t.kind() == DenseType.Kind.INT64 || t.kind() == DenseType.Kind.INT32);
  }

  /** Bit {@code k} set where child {@code k} of an ARRAY or MAP is a not-nullable INT32 or INT64. */
  static int packMask(DenseType t) {
    int mask = 0;
    for (int i = 0; i < t.childCount(); i++) {
      if (isPackable(t.child(i))) {
        mask |= 1 << i;
      }
    }
    return mask;
  }

  /** A vector in neither a constant nor a dictionary form. */
  static boolean plain(DenseVector c) {
    return c.dictionary == null && !c.constant;
  }

  /** A plain ARRAY or MAP vector (not in a constant or dictionary form). */
  static boolean isContainer(DenseVector v) {
    DenseType.Kind k = v.type().kind();
    return (k == DenseType.Kind.ARRAY || k == DenseType.Kind.MAP) && plain(v);
  }

  /** zz32 or zz64 of entry {@code i} of a not-nullable integer vector in any form (slow path). */
  static long zigzagAt(DenseVector c, int i) {
    DenseVector src = c.dictionary != null ? c.dictionary : c;
    int j = c.dictionary != null ? c.dictionaryIds[i] : c.constant ? 0 : i;
    if (c.type().kind() == DenseType.Kind.INT64) {
      long x = src.longs[j];
      return (x << 1) ^ (x >> 63);
    }
    int x = src.ints[j];
    return Integer.toUnsignedLong((x << 1) ^ (x >> 31));
  }
}
