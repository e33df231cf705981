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

import io.github.fastdecode.parquet.column.StringPredicates;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import java.util.HashSet;
import java.util.Set;
import org.apache.parquet.filter2.predicate.Operators;
import org.apache.parquet.filter2.predicate.UserDefinedPredicate;
import org.apache.spark.sql.execution.datasources.parquet.ParquetFilters;
import org.apache.spark.sql.sources.And;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.sources.Or;
import org.apache.spark.sql.sources.StringContains;
import org.apache.spark.sql.sources.StringEndsWith;
import org.apache.spark.sql.sources.StringStartsWith;
import scala.Option;

/**
 * Spark's pushed filters as one parquet-java predicate, converted by Spark's own {@link ParquetFilters}
 * (so the same filters are pushed, with the same column resolution and the same partial pushdown of
 * conjunctions) with one change: {@code LIKE 'x%'}, {@code LIKE '%x'} and {@code LIKE '%x%'} become
 * the library's {@link StringPredicates}, which the row filter tests on the encoded bytes (once per
 * dictionary entry on dictionary pages), where Spark's own predicates copy every value into a string
 * object first. Both test bytes the same way; Spark's filter above the scan sees the same rows.
 *
 * <p>Only string predicates reached through {@code And} and {@code Or} are swapped: Spark converts
 * those with partial pushdown allowed, as a subtree handed to {@code createFilter} is. Under a
 * {@code Not} the whole filter is left as Spark converts it.
 */
final class PushedFilters {
  private PushedFilters() {}

  /**
   * The top-level fields (the file's names) whose columns {@code p} compares, or null when it has a
   * node of a kind not known here (then take it to name every field).
   */
  static Set<String> topLevelFields(FilterPredicate p) {
    Set<String> out = new HashSet<>();
    return collectFields(p, out) ? out : null;
  }

  private static boolean collectFields(FilterPredicate p, Set<String> out) {
    try {
      return p.accept(new FieldsNamed(out));
    } catch (UnsupportedOperationException e) {
      return false; // a kind of node this parquet-java's visitor does not take
    }
  }

  /** Adds the top-level field of each column a predicate compares; false for a node of unknown kind. */
  private static final class FieldsNamed implements FilterPredicate.Visitor<Boolean> {
    private final Set<String> out;

    FieldsNamed(Set<String> out) {
      this.out = out;
    }

    private Boolean add(Operators.Column<?> c) {
      out.add(c.getColumnPath().toArray()[0]);
      return true;
    }

    @Override
    public <T extends Comparable<T>> Boolean visit(Operators.Eq<T> eq) {
      return add(eq.getColumn());
    }

    @Override
    public <T extends Comparable<T>> Boolean visit(Operators.NotEq<T> notEq) {
      return add(notEq.getColumn());
    }

    @Override
    public <T extends Comparable<T>> Boolean visit(Operators.Lt<T> lt) {
      return add(lt.getColumn());
    }

    @Override
    public <T extends Comparable<T>> Boolean visit(Operators.LtEq<T> ltEq) {
      return add(ltEq.getColumn());
    }

    @Override
    public <T extends Comparable<T>> Boolean visit(Operators.Gt<T> gt) {
      return add(gt.getColumn());
    }

    @Override
    public <T extends Comparable<T>> Boolean visit(Operators.GtEq<T> gtEq) {
      return add(gtEq.getColumn());
    }

    @Override
    public <T extends Comparable<T>> Boolean visit(Operators.In<T> in) {
      return add(in.getColumn());
    }

    @Override
    public <T extends Comparable<T>> Boolean visit(Operators.NotIn<T> notIn) {
      return add(notIn.getColumn());
    }

    @Override
    public Boolean visit(Operators.And and) {
      return and.getLeft().accept(this) && and.getRight().accept(this);
    }

    @Override
    public Boolean visit(Operators.Or or) {
      return or.getLeft().accept(this) && or.getRight().accept(this);
    }

    @Override
    public Boolean visit(Operators.Not not) {
      return not.getPredicate().accept(this);
    }

    @Override
    public <T extends Comparable<T>, U extends UserDefinedPredicate<T>> Boolean visit(
        Operators.UserDefined<T, U> udp) {
      return add(udp.getColumn());
    }

    @Override
    public <T extends Comparable<T>, U extends UserDefinedPredicate<T>> Boolean visit(
        Operators.LogicalNotUserDefined<T, U> udp) {
      return udp.getUserDefined().accept(this);
    }
  }

  /** The conjunction of every filter Spark pushes, or null when none converts. */
  static FilterPredicate convert(ParquetFilters converter, scala.collection.Iterator<Filter> filters) {
    FilterPredicate pushed = null;
    while (filters.hasNext()) {
      FilterPredicate p = convert(converter, filters.next());
      if (p != null) {
        pushed = pushed == null ? p : FilterApi.and(pushed, p);
      }
    }
    return pushed;
  }

  static FilterPredicate convert(ParquetFilters converter, Filter filter) {
    if (filter instanceof And and) {
      return both(converter, and.left(), and.right(), true);
    }
    if (filter instanceof Or or) {
      return both(converter, or.left(), or.right(), false);
    }
    Option<FilterPredicate> spark = converter.createFilter(filter);
    if (spark.isEmpty()) {
      return null;
    }
    if (spark.get() instanceof Operators.UserDefined<?, ?> udp
        && udp.getColumn() instanceof Operators.BinaryColumn column) {
      if (filter instanceof StringStartsWith s) {
        return FilterApi.userDefined(column, StringPredicates.startsWith(s.value()));
      }
      if (filter instanceof StringEndsWith s) {
        return FilterApi.userDefined(column, StringPredicates.endsWith(s.value()));
      }
      if (filter instanceof StringContains s) {
        return FilterApi.userDefined(column, StringPredicates.contains(s.value()));
      }
    }
    return spark.get();
  }

  /** And (either side may be left out) or Or (both sides needed), as Spark converts them. */
  private static FilterPredicate both(ParquetFilters converter, Filter left, Filter right, boolean and) {
    FilterPredicate l = convert(converter, left);
    FilterPredicate r = convert(converter, right);
    if (l == null || r == null) {
      return and ? (l == null ? r : l) : null;
    }
    return and ? FilterApi.and(l, r) : FilterApi.or(l, r);
  }
}
