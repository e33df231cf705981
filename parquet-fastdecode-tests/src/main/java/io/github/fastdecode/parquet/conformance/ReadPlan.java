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
package io.github.fastdecode.parquet.conformance;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A sequence of reader calls over one page: bulk reads, scalar reads and skips of given sizes. The
 * plans below are the runners every decoder is checked with.
 */
public final class ReadPlan {
  public enum Op {
    BULK, SCALAR, SKIP_ONE, SKIP
  }

  public static final class Step {
    public final Op op;
    public final int count;

    Step(Op op, int count) {
      this.op = op;
      this.count = count;
    }

    @Override
    public String toString() {
      return op + "(" + count + ")";
    }
  }

  public final String name;
  public final List<Step> steps;

  private ReadPlan(String name, List<Step> steps) {
    this.name = name;
    this.steps = steps;
  }

  @Override
  public String toString() {
    return name;
  }

  /** Bulk reads of {@code batch} values until the page is done. */
  public static ReadPlan bulk(int values, int batch) {
    List<Step> s = new ArrayList<>();
    for (int done = 0; done < values; done += batch) {
      s.add(new Step(Op.BULK, Math.min(batch, values - done)));
    }
    return new ReadPlan("bulk" + batch, s);
  }

  /** One scalar read per value. */
  public static ReadPlan scalar(int values) {
    List<Step> s = new ArrayList<>();
    s.add(new Step(Op.SCALAR, values));
    return new ReadPlan("scalar", s);
  }

  /** Alternates a bulk read and a skip, both of {@code batch} values. */
  public static ReadPlan readSkip(int values, int batch) {
    List<Step> s = new ArrayList<>();
    boolean read = true;
    for (int done = 0; done < values; done += batch, read = !read) {
      int n = Math.min(batch, values - done);
      s.add(new Step(read ? Op.BULK : Op.SKIP, n));
    }
    return new ReadPlan("readSkip" + batch, s);
  }

  /** Skips {@code first} values, then reads the rest in bulk. */
  public static ReadPlan skipThenRead(int values, int first) {
    List<Step> s = new ArrayList<>();
    int k = Math.min(first, values);
    s.add(new Step(Op.SKIP, k));
    if (values > k) {
      s.add(new Step(Op.BULK, values - k));
    }
    return new ReadPlan("skip" + k + "ThenRead", s);
  }

  /** A seeded random interleaving of every kind of call, with sizes from 0 to {@code maxStep}. */
  public static ReadPlan random(int values, long seed, int maxStep) {
    Random r = new Random(seed);
    List<Step> s = new ArrayList<>();
    int done = 0;
    while (done < values) {
      Op op = Op.values()[r.nextInt(4)];
      int n = op == Op.SKIP_ONE ? 1 : Math.min(values - done, r.nextInt(maxStep + 1));
      if (op == Op.SCALAR) {
        n = Math.min(n, 5);
      }
      s.add(new Step(op, n));
      done += n;
    }
    return new ReadPlan("random(seed=" + seed + ",max=" + maxStep + ")", s);
  }

  /**
   * The standard runners for a page of {@code values} values: fixed batches 1..12, 31, 32, 33,
   * 1024, scalar, read/skip alternations, skips to interesting boundaries, and random
   * interleavings on fixed seeds. Pages above 5,000 values get a smaller set to keep the suite fast.
   */
  public static List<ReadPlan> standard(int values) {
    List<ReadPlan> plans = new ArrayList<>();
    boolean big = values > 5_000;
    int[] batches = big ? new int[] {7, 32, 1024, 4096} : new int[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 31, 32, 33, 1024};
    for (int b : batches) {
      plans.add(bulk(values, b));
    }
    plans.add(scalar(values));
    for (int b : big ? new int[] {33, 1000} : new int[] {1, 3, 8, 31, 32, 33, 128}) {
      plans.add(readSkip(values, b));
    }
    for (int k : new int[] {1, 31, 32, 33, 127, 128, 129, 257, 512, values - 1}) {
      if (k > 0 && k <= values) {
        plans.add(skipThenRead(values, k));
      }
    }
    int randomPlans = big ? 2 : 6;
    for (int i = 0; i < randomPlans; i++) {
      plans.add(random(values, 1000 + i, i % 2 == 0 ? 40 : 300));
    }
    return plans;
  }
}
