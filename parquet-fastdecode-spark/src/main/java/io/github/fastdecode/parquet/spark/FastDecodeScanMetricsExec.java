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

import org.apache.spark.rdd.RDD;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.SortOrder;
import org.apache.spark.sql.catalyst.plans.physical.Partitioning;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.UnaryExecNode;
import org.apache.spark.sql.execution.metric.SQLMetric;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import scala.Function1;
import scala.Option;
import scala.collection.immutable.IndexedSeq;
import scala.collection.immutable.Map;
import scala.collection.immutable.Seq;
import scala.jdk.javaapi.CollectionConverters;

/**
 * A pass-through node directly above a scan through this library ({@code FileSourceScanExec} over
 * {@link FastDecodeFileFormat}) that owns the scan's SQL metrics ({@link ScanMetrics}): Spark's UI
 * shows them on this node, {@code explain()} shows it as {@value #NODE_NAME}, and {@code
 * executedPlan().metrics()} holds them. Spark gives a V1 file format no way to add metrics to its
 * scan node, so they live here; the scan's reader function counts into them.
 *
 * <p>It does nothing to the data: {@code executeColumnar()} and {@code execute()} are its child's RDDs
 * as they are, and it has its child's output, partitioning, ordering, columnar support and vector
 * classes, so Spark's columnar transition and generated code over the scan are the same as without
 * it ({@code ColumnarToRow} above it reads the scan's batches; Spark puts an {@code InputAdapter}
 * between them, as for any columnar child that does not generate code). Two nodes are equal when
 * their children are, whatever their metrics, so that Spark still reuses equal exchanges and keeps
 * an adaptive plan it re-plans to the same thing. {@link ScanMetricsRule} puts it in the plan.
 */
public final class FastDecodeScanMetricsExec extends SparkPlan implements UnaryExecNode {
  private static final long serialVersionUID = 1L;

  /** Its {@code nodeName()}, as {@code explain()} and Spark's UI show it. */
  public static final String NODE_NAME = "FastDecodeScanMetrics";

  private final SparkPlan child;
  private final ScanMetrics scanMetrics;
  private final Seq<SparkPlan> children;
  private final Map<String, SQLMetric> metrics;

  /** Public, with the arguments of {@link #productElement}: Spark's {@code makeCopy} calls it by reflection. */
  public FastDecodeScanMetricsExec(SparkPlan child, ScanMetrics scanMetrics) {
    this.child = child;
    this.scanMetrics = scanMetrics;
    this.children = CollectionConverters.asScala(java.util.List.of(child)).toList();
    this.metrics = scanMetrics.asMap();
  }

  ScanMetrics scanMetrics() {
    return scanMetrics;
  }

  @Override
  public SparkPlan child() {
    return child;
  }

  @Override
  public Seq<SparkPlan> children() {
    return children;
  }

  @Override
  public SparkPlan mapChildren(Function1<SparkPlan, SparkPlan> f) {
    return UnaryExecNode.super.mapChildren(f);
  }

  @Override
  public SparkPlan withNewChildInternal(SparkPlan newChild) {
    return new FastDecodeScanMetricsExec(newChild, scanMetrics);
  }

  @Override
  public SparkPlan withNewChildrenInternal(IndexedSeq<SparkPlan> newChildren) {
    return UnaryExecNode.super.withNewChildrenInternal(newChildren);
  }

  @Override
  public Seq<Attribute> output() {
    return child.output();
  }

  @Override
  public Partitioning outputPartitioning() {
    return child.outputPartitioning();
  }

  @Override
  public Seq<SortOrder> outputOrdering() {
    return child.outputOrdering();
  }

  @Override
  public boolean supportsColumnar() {
    return child.supportsColumnar();
  }

  @Override
  public boolean supportsRowBased() {
    return child.supportsRowBased();
  }

  @Override
  public Option<Seq<String>> vectorTypes() {
    return child.vectorTypes();
  }

  @Override
  public Map<String, SQLMetric> metrics() {
    return metrics;
  }

  @Override
  public RDD<InternalRow> doExecute() {
    return child.execute();
  }

  @Override
  public RDD<ColumnarBatch> doExecuteColumnar() {
    return child.executeColumnar();
  }

  @Override
  public String nodeName() {
    return NODE_NAME;
  }

  /** No arguments shown: the node is its name ({@code explain("formatted")} adds its input columns). */
  @Override
  public scala.collection.Iterator<Object> stringArgs() {
    return scala.collection.Iterator$.MODULE$.empty();
  }

  @Override
  public String verboseStringWithOperatorId() {
    return UnaryExecNode.super.verboseStringWithOperatorId();
  }

  @Override
  public int productArity() {
    return 2;
  }

  @Override
  public Object productElement(int n) {
    switch (n) {
      case 0:
        return child;
      case 1:
        return scanMetrics;
      default:
        throw new IndexOutOfBoundsException(String.valueOf(n));
    }
  }

  @Override
  public boolean canEqual(Object other) {
    return other instanceof FastDecodeScanMetricsExec;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof FastDecodeScanMetricsExec && child.equals(((FastDecodeScanMetricsExec) other).child);
  }

  @Override
  public int hashCode() {
    return 31 * FastDecodeScanMetricsExec.class.hashCode() + child.hashCode();
  }
}
