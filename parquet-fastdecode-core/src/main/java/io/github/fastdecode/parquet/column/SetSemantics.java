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

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.filter2.recordlevel.IncrementallyUpdatedFilterPredicate;
import org.apache.parquet.filter2.recordlevel.IncrementallyUpdatedFilterPredicate.ValueInspector;
import org.apache.parquet.filter2.recordlevel.IncrementallyUpdatedFilterPredicateBuilder;
import org.apache.parquet.filter2.recordlevel.IncrementallyUpdatedFilterPredicateEvaluator;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * How the parquet-java on the class path filters records with {@code in} and {@code notIn}, which
 * changed in 1.18.0: a set holding null used to match null rows only ({@code in}) or every non-null
 * row ({@code notIn}), and {@code notIn} kept a value that differs from any member; since then the
 * null member only says what null rows do, and both test membership. Found once, when the class
 * loads, by asking parquet-java's own record filter about two values.
 */
final class SetSemantics {
  /** Whether {@code in(c, {1, null})} keeps the value 1 (1.18 and later). */
  static final boolean NULL_MEMBER_KEEPS_VALUES;
  /** Whether {@code notIn(c, {1, 2})} keeps the value 1 (before 1.18). */
  static final boolean NOT_IN_ANY_DIFFERENT;

  static {
    boolean nullMemberKeeps = true;
    boolean anyDifferent = false;
    try {
      nullMemberKeeps = keeps(FilterApi.in(FilterApi.intColumn("c"), new HashSet<>(java.util.Arrays.asList(1, null))));
      anyDifferent = keeps(FilterApi.notIn(FilterApi.intColumn("c"), new HashSet<>(java.util.Arrays.asList(1, 2))));
    } catch (RuntimeException | LinkageError e) {
      // A parquet-java without these classes filters no records by in/notIn: keep the current meaning.
    }
    NULL_MEMBER_KEEPS_VALUES = nullMemberKeeps;
    NOT_IN_ANY_DIFFERENT = anyDifferent;
  }

  private SetSemantics() {}

  /** Whether parquet-java's record filter keeps a record whose INT32 column {@code c} holds 1. */
  private static boolean keeps(FilterPredicate predicate) {
    MessageType schema = MessageTypeParser.parseMessageType("message probe { optional int32 c; }");
    IncrementallyUpdatedFilterPredicateBuilder builder =
        new IncrementallyUpdatedFilterPredicateBuilder(new ColumnIOFactory().getColumnIO(schema).getLeaves());
    IncrementallyUpdatedFilterPredicate built = builder.build(predicate);
    Map<ColumnPath, List<ValueInspector>> inspectors = builder.getValueInspectorsByColumn();
    for (ValueInspector v : inspectors.get(ColumnPath.get("c"))) {
      v.update(1);
    }
    return IncrementallyUpdatedFilterPredicateEvaluator.evaluate(built);
  }
}
