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

import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.plans.logical.Filter;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.Project;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.SparkStrategy;
import org.apache.spark.sql.execution.datasources.FileSourceStrategy$;
import org.apache.spark.sql.execution.datasources.HadoopFsRelation;
import org.apache.spark.sql.execution.datasources.LogicalRelation;
import org.apache.spark.sql.execution.datasources.parquet.ParquetFileFormat;
import scala.collection.immutable.Nil$;
import scala.collection.immutable.Seq;

/**
 * Plans Spark's Parquet scans with {@link FastDecodeFileFormat} while {@value #ENABLED} is not
 * {@code false}: a scan (projections and filters over a Parquet file relation) is handed to Spark's
 * own file-source planning with only the relation's format replaced, so its files, schemas,
 * partition pruning, buckets, pushed filters and options stay as Spark planned them.
 *
 * <p>A strategy rather than a logical rule: planning runs once per query, after every logical
 * rewrite, and reads the setting as it is then.
 */
public final class ParquetScanStrategy extends SparkStrategy {
  /** The session setting that turns the extension off ({@code false}) and on (anything else). */
  public static final String ENABLED = "spark.fastdecode.enabled";

  private final SparkSession session;

  public ParquetScanStrategy(SparkSession session) {
    this.session = session;
  }

  @Override
  @SuppressWarnings("unchecked")
  public Seq<SparkPlan> apply(LogicalPlan plan) {
    Seq<SparkPlan> none = (Seq<SparkPlan>) (Seq<?>) Nil$.MODULE$;
    LogicalPlan scan = plan;
    while (scan instanceof Project || scan instanceof Filter) {
      scan = scan.children().head();
    }
    HadoopFsRelation fs = sparkParquet(scan);
    if (fs == null || "false".equalsIgnoreCase(session.conf().get(ENABLED, "true").trim())) {
      return none;
    }
    return FileSourceStrategy$.MODULE$.apply(replace(plan, (LogicalRelation) scan, fs));
  }

  /**
   * The scan {@code node} with the relation under its projections and filters read through this
   * library. Built node by node: Spark's Parquet format counts every subclass as equal to itself,
   * so Spark's tree transforms would take the new relation for the old one and keep the old.
   */
  private static LogicalPlan replace(LogicalPlan node, LogicalRelation r, HadoopFsRelation fs) {
    if (node instanceof Project) {
      return new Project(((Project) node).projectList(), replace(((Project) node).child(), r, fs));
    }
    if (node instanceof Filter) {
      return new Filter(((Filter) node).condition(), replace(((Filter) node).child(), r, fs));
    }
    HadoopFsRelation ours = fs.copy(fs.location(), fs.partitionSchema(), fs.dataSchema(), fs.bucketSpec(),
        new FastDecodeFileFormat(), fs.options(), fs.sparkSession());
    return r.copy(ours, r.output(), r.catalogTable(), r.isStreaming(), r.stream());
  }

  /** The relation of a scan through Spark's own Parquet format, or null. */
  private static HadoopFsRelation sparkParquet(LogicalPlan node) {
    if (node instanceof LogicalRelation && ((LogicalRelation) node).relation() instanceof HadoopFsRelation) {
      HadoopFsRelation fs = (HadoopFsRelation) ((LogicalRelation) node).relation();
      // Exactly Spark's format: not this library's, nor another subclass someone installed.
      return fs.fileFormat().getClass() == ParquetFileFormat.class ? fs : null;
    }
    return null;
  }
}
