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
package io.github.fastdecode.parquet.spark.shuffle;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.util.List;
import org.apache.spark.ShuffleDependency;
import org.apache.spark.SparkContext;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.plans.physical.Partitioning;
import org.apache.spark.sql.execution.SQLExecution;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.exchange.ShuffleExchangeExec;
import org.apache.spark.sql.execution.exchange.ShuffleOrigin;
import org.apache.spark.sql.execution.metric.SQLMetric;
import org.apache.spark.sql.execution.metric.SQLMetrics;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.xbean.asm9.ClassWriter;
import org.apache.xbean.asm9.Label;
import org.apache.xbean.asm9.MethodVisitor;
import org.apache.xbean.asm9.Opcodes;
import scala.Option;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The DenseRow exchange: Spark's {@link ShuffleExchangeExec} in every respect (partitioning, the
 * shuffle writers and readers, spills, compression, metrics, and what adaptive execution does with
 * an exchange: coalescing, skew-join splits, local shuffle readers) but for its dependency's
 * serializer, a {@link DenseRowSerializer} instead of {@code UnsafeRowSerializer}. The dependency is
 * built by Spark's own {@code ShuffleExchangeExec.prepareShuffleDependency}.
 *
 * <h2>Why a generated subclass</h2>
 *
 * The exchange is a subclass of {@code ShuffleExchangeExec}, named {@value #CLASS_NAME} and shown
 * as {@value #NODE_NAME} by {@code explain()}. A subclass inherits the state that {@code
 * ShuffleExchangeLike} keeps for adaptive execution (the map stage's promise and cancellation),
 * which a fresh implementation of the trait in Java would have to rebuild from Scala's compiled
 * form, release by release. But javac refuses any Java subclass of a Spark exchange: Spark's {@code
 * Exchange} has a final {@code withNewChildrenInternal} forwarder whose erased return type javac
 * cannot reconcile with {@code TreeNode}'s generic one. So the subclass is written here as
 * bytecode (with the ASM that Spark itself ships, {@code org.apache.xbean.asm9}), once per class
 * loader, and defined in this package: a constructor that calls Spark's, and five overrides that
 * call the static methods below ({@code shuffleDependency}, {@code withNewChildInternal}, {@code
 * copy}) or are a few instructions long ({@code nodeName}, and {@code equals} and {@code canEqual},
 * which make a DenseRow exchange unequal to Spark's: Spark's rules keep a node whose new child
 * equals the old one). Plans are copied by
 * Spark's rules through those methods and through reflection on the constructor, so every copy is
 * a DenseRow exchange. Only the driver sees the class: tasks get the dependency, not the plan node.
 */
public final class DenseRowExchanges {
  /** The generated class's binary name. */
  public static final String CLASS_NAME = "io.github.fastdecode.parquet.spark.shuffle.DenseRowExchangeExec";
  /** Its {@code nodeName()}. */
  public static final String NODE_NAME = "DenseRowExchange";
  private static final String INTERNAL = CLASS_NAME.replace('.', '/');
  private static final String SUPER = "org/apache/spark/sql/execution/exchange/ShuffleExchangeExec";
  private static final String HELPER = DenseRowExchanges.class.getName().replace('.', '/');
  private static final String CTOR = "(Lorg/apache/spark/sql/catalyst/plans/physical/Partitioning;Lorg/apache/spark/sql/execution/SparkPlan;"
      + "Lorg/apache/spark/sql/execution/exchange/ShuffleOrigin;Lscala/Option;)V";
  private static final String DEPENDENCY = "Lorg/apache/spark/ShuffleDependency;";
  private static final String EXCHANGE = "L" + SUPER + ";";

  private static final Class<? extends ShuffleExchangeExec> TYPE;
  private static final MethodHandle NEW;
  private static final VarHandle STATE;

  static {
    try {
      MethodHandles.Lookup lookup = MethodHandles.lookup();
      TYPE = lookup.defineClass(bytecode()).asSubclass(ShuffleExchangeExec.class);
      NEW = lookup.findConstructor(TYPE, MethodType.fromMethodDescriptorString(CTOR, DenseRowExchanges.class.getClassLoader()))
          .asType(MethodType.methodType(ShuffleExchangeExec.class, Partitioning.class, SparkPlan.class, ShuffleOrigin.class, Option.class));
      STATE = lookup.findVarHandle(TYPE, "dependency", ShuffleDependency.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private DenseRowExchanges() {}

  /** Whether {@code plan} is a DenseRow exchange. */
  public static boolean isDense(SparkPlan plan) {
    return plan.getClass() == TYPE;
  }

  /** A DenseRow exchange of these fields. */
  public static ShuffleExchangeExec create(Partitioning partitioning, SparkPlan child, ShuffleOrigin origin, Option<Object> advisorySize) {
    try {
      return (ShuffleExchangeExec) NEW.invokeExact(partitioning, child, origin, (Option) advisorySize);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new IllegalStateException(t);
    }
  }

  /** The DenseRow exchange in place of {@code exchange}. */
  static ShuffleExchangeExec of(ShuffleExchangeExec exchange) {
    return create(exchange.outputPartitioning(), exchange.child(), exchange.shuffleOrigin(), exchange.advisoryPartitionSize());
  }

  /** {@code withNewChildInternal} of the generated class. */
  public static ShuffleExchangeExec withChild(ShuffleExchangeExec self, SparkPlan child) {
    return create(self.outputPartitioning(), child, self.shuffleOrigin(), self.advisoryPartitionSize());
  }

  /** The schema of {@code output} (names, types, nullability). */
  static StructType schema(scala.collection.Seq<Attribute> output) {
    List<Attribute> attributes = CollectionConverters.asJava(output);
    StructField[] fields = new StructField[attributes.size()];
    for (int i = 0; i < fields.length; i++) {
      Attribute a = attributes.get(i);
      fields[i] = new StructField(a.name(), a.dataType(), a.nullable(), Metadata.empty());
    }
    return new StructType(fields);
  }

  /**
   * {@code shuffleDependency} of the generated class: built once per exchange instance, as Spark's
   * lazy value is, by {@code prepareShuffleDependency} with a {@link DenseRowSerializer}; then the
   * exchange's partition count is posted as Spark's exchange posts it.
   */
  @SuppressWarnings("unchecked")
  public static ShuffleDependency<Object, InternalRow, InternalRow> dependency(ShuffleExchangeExec self) {
    synchronized (self) {
      ShuffleDependency<Object, InternalRow, InternalRow> dep = (ShuffleDependency<Object, InternalRow, InternalRow>) STATE.get(self);
      if (dep != null) {
        return dep;
      }
      SQLMetric dataSize = self.longMetric("dataSize");
      DenseRowSerializer serializer = new DenseRowSerializer(schema(self.child().output()), dataSize);
      // metrics() holds the shuffle write metrics (bytes, records, time) under the keys Spark's
      // shuffle write processor looks up, next to the exchange's other metrics.
      dep = ShuffleExchangeExec.prepareShuffleDependency(self.inputRDD(), self.child().output(), self.outputPartitioning(), serializer,
          self.metrics());
      serializer.setShuffleId(dep.shuffleId());
      SQLMetric partitions = self.longMetric("numPartitions");
      partitions.set(dep.partitioner().numPartitions());
      SparkContext sc = self.sparkContext();
      SQLMetrics.postDriverMetricUpdates(sc, sc.getLocalProperty(SQLExecution.EXECUTION_ID_KEY()),
          CollectionConverters.asScala(List.of(partitions)).toList());
      STATE.set(self, dep);
      return dep;
    }
  }

  private static byte[] bytecode() {
    ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS | ClassWriter.COMPUTE_FRAMES) {
      @Override
      protected String getCommonSuperClass(String a, String b) {
        return "java/lang/Object"; // no frame here merges two classes
      }
    };
    cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, INTERNAL, null, SUPER, null);
    cw.visitField(Opcodes.ACC_TRANSIENT, "dependency", DEPENDENCY, null, null).visitEnd();

    MethodVisitor m = cw.visitMethod(Opcodes.ACC_PUBLIC, "<init>", CTOR, null, null);
    m.visitCode();
    for (int i = 0; i <= 4; i++) {
      m.visitVarInsn(Opcodes.ALOAD, i);
    }
    m.visitMethodInsn(Opcodes.INVOKESPECIAL, SUPER, "<init>", CTOR, false);
    m.visitInsn(Opcodes.RETURN);
    m.visitMaxs(0, 0);
    m.visitEnd();

    m = cw.visitMethod(Opcodes.ACC_PUBLIC, "shuffleDependency", "()" + DEPENDENCY, null, null);
    m.visitCode();
    m.visitVarInsn(Opcodes.ALOAD, 0);
    m.visitMethodInsn(Opcodes.INVOKESTATIC, HELPER, "dependency", "(" + EXCHANGE + ")" + DEPENDENCY, false);
    m.visitInsn(Opcodes.ARETURN);
    m.visitMaxs(0, 0);
    m.visitEnd();

    m = cw.visitMethod(Opcodes.ACC_PUBLIC, "nodeName", "()Ljava/lang/String;", null, null);
    m.visitCode();
    m.visitLdcInsn(NODE_NAME);
    m.visitInsn(Opcodes.ARETURN);
    m.visitMaxs(0, 0);
    m.visitEnd();

    m = cw.visitMethod(Opcodes.ACC_PUBLIC, "withNewChildInternal", "(Lorg/apache/spark/sql/execution/SparkPlan;)" + EXCHANGE, null, null);
    m.visitCode();
    m.visitVarInsn(Opcodes.ALOAD, 0);
    m.visitVarInsn(Opcodes.ALOAD, 1);
    m.visitMethodInsn(Opcodes.INVOKESTATIC, HELPER, "withChild", "(" + EXCHANGE + "Lorg/apache/spark/sql/execution/SparkPlan;)" + EXCHANGE, false);
    m.visitInsn(Opcodes.ARETURN);
    m.visitMaxs(0, 0);
    m.visitEnd();

    String copy = CTOR.substring(0, CTOR.length() - 1) + EXCHANGE;
    m = cw.visitMethod(Opcodes.ACC_PUBLIC, "copy", copy, null, null);
    m.visitCode();
    for (int i = 1; i <= 4; i++) {
      m.visitVarInsn(Opcodes.ALOAD, i);
    }
    m.visitMethodInsn(Opcodes.INVOKESTATIC, HELPER, "create", copy, false);
    m.visitInsn(Opcodes.ARETURN);
    m.visitMaxs(0, 0);
    m.visitEnd();

    // equals: only to a DenseRow exchange (never to Spark's, so no exchange is reused for the other), then Spark's.
    m = cw.visitMethod(Opcodes.ACC_PUBLIC, "equals", "(Ljava/lang/Object;)Z", null, null);
    m.visitCode();
    Label no = new Label();
    m.visitVarInsn(Opcodes.ALOAD, 1);
    m.visitJumpInsn(Opcodes.IFNULL, no);
    m.visitVarInsn(Opcodes.ALOAD, 1);
    m.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/Object", "getClass", "()Ljava/lang/Class;", false);
    m.visitVarInsn(Opcodes.ALOAD, 0);
    m.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/Object", "getClass", "()Ljava/lang/Class;", false);
    m.visitJumpInsn(Opcodes.IF_ACMPNE, no);
    m.visitVarInsn(Opcodes.ALOAD, 0);
    m.visitVarInsn(Opcodes.ALOAD, 1);
    m.visitMethodInsn(Opcodes.INVOKESPECIAL, SUPER, "equals", "(Ljava/lang/Object;)Z", false);
    m.visitInsn(Opcodes.IRETURN);
    m.visitLabel(no);
    m.visitInsn(Opcodes.ICONST_0);
    m.visitInsn(Opcodes.IRETURN);
    m.visitMaxs(0, 0);
    m.visitEnd();

    // canEqual: Spark's equals asks it of the other side, so a Spark exchange is not equal to this
    // one either (else a rule's transformUp would see "no change" and keep Spark's child).
    m = cw.visitMethod(Opcodes.ACC_PUBLIC, "canEqual", "(Ljava/lang/Object;)Z", null, null);
    m.visitCode();
    Label other = new Label();
    m.visitVarInsn(Opcodes.ALOAD, 1);
    m.visitJumpInsn(Opcodes.IFNULL, other);
    m.visitVarInsn(Opcodes.ALOAD, 1);
    m.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/Object", "getClass", "()Ljava/lang/Class;", false);
    m.visitVarInsn(Opcodes.ALOAD, 0);
    m.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/Object", "getClass", "()Ljava/lang/Class;", false);
    m.visitJumpInsn(Opcodes.IF_ACMPNE, other);
    m.visitInsn(Opcodes.ICONST_1);
    m.visitInsn(Opcodes.IRETURN);
    m.visitLabel(other);
    m.visitInsn(Opcodes.ICONST_0);
    m.visitInsn(Opcodes.IRETURN);
    m.visitMaxs(0, 0);
    m.visitEnd();

    cw.visitEnd();
    return cw.toByteArray();
  }
}
