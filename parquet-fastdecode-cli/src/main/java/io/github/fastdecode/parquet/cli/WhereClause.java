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
package io.github.fastdecode.parquet.cli;

import io.github.fastdecode.parquet.column.StringPredicates;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.filter2.predicate.Operators;
import org.apache.parquet.io.InvalidRecordException;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;

/**
 * The {@code --where} language of {@code cat} and {@code head}, parsed once and turned into a
 * parquet-java {@link FilterPredicate} for each file's schema ({@link #bind}), which the file
 * reader evaluates row by row:
 *
 * <pre>
 * expr       := term ('or' term)*
 * term       := factor ('and' factor)*
 * factor     := 'not' factor | '(' expr ')' | test
 * test       := column ('=' | '!=' | '&lt;&gt;' | '&lt;' | '&lt;=' | '&gt;' | '&gt;=') literal
 *             | column 'is' ['not'] 'null'
 *             | column ['not'] 'in' '(' literal (',' literal)* ')'
 *             | column ['not'] 'like' string
 * column     := name ('.' name)* | `any text`
 * literal    := number | string ('it''s') | true | false | null
 * </pre>
 *
 * Keywords are case-insensitive. Literals are logical values ({@link WhereValues} converts them
 * to the column's stored values): decimals as numbers, dates and timestamps as ISO-8601 strings.
 * {@code like} takes {@code 'x%'}, {@code '%x'}, {@code '%x%'} or a pattern without {@code %}.
 */
final class WhereClause {
  /** A parsed expression, before it meets a schema. */
  private interface Node {
    FilterPredicate bind(MessageType schema);
  }

  private final Node root;
  private final String text;

  private WhereClause(Node root, String text) {
    this.root = root;
    this.text = text;
  }

  /** Parses {@code text}; a syntax error is an {@link IllegalArgumentException} saying where. */
  static WhereClause parse(String text) {
    Parser p = new Parser(text);
    Node root = p.expr();
    if (p.peek() != null) {
      throw p.error("unexpected '" + p.peek().text + "'");
    }
    return new WhereClause(root, text);
  }

  /**
   * The predicate for a file of {@code schema}. A column the file lacks, one inside a list or map,
   * or a literal the column's type cannot hold is an {@link IllegalArgumentException} naming it.
   */
  FilterPredicate bind(MessageType schema) {
    return root.bind(schema);
  }

  @Override
  public String toString() {
    return text;
  }

  // ---- tests --------------------------------------------------------------------------------

  private record Logical(String op, Node left, Node right) implements Node {
    @Override
    public FilterPredicate bind(MessageType schema) {
      FilterPredicate l = left.bind(schema);
      return switch (op) {
        case "and" -> FilterApi.and(l, right.bind(schema));
        case "or" -> FilterApi.or(l, right.bind(schema));
        default -> FilterApi.not(l);
      };
    }
  }

  private record Compare(String column, String op, Literal value) implements Node {
    @Override
    public FilterPredicate bind(MessageType schema) {
      ColumnDescriptor c = leaf(schema, column);
      if (value.isNull() && !op.equals("=") && !op.equals("!=")) {
        throw new IllegalArgumentException("'" + column + " " + op + " null' is never true; use 'is null' or 'is not null'");
      }
      return WhereValues.compare(c, op, value);
    }
  }

  private record In(String column, List<Literal> values, boolean negated) implements Node {
    @Override
    public FilterPredicate bind(MessageType schema) {
      return WhereValues.in(leaf(schema, column), values, negated);
    }
  }

  private record Like(String column, String pattern, boolean negated) implements Node {
    @Override
    public FilterPredicate bind(MessageType schema) {
      ColumnDescriptor c = leaf(schema, column);
      PrimitiveType.PrimitiveTypeName type = c.getPrimitiveType().getPrimitiveTypeName();
      if (type != PrimitiveType.PrimitiveTypeName.BINARY) {
        throw new IllegalArgumentException("'like' tests byte-array columns; " + column + " is " + type);
      }
      Operators.BinaryColumn col = FilterApi.binaryColumn(ParquetFiles.path(c));
      String inner = pattern;
      boolean head = inner.startsWith("%");
      boolean tail = inner.length() > (head ? 1 : 0) && inner.endsWith("%");
      inner = inner.substring(head ? 1 : 0, inner.length() - (tail ? 1 : 0));
      if (inner.contains("%") || inner.contains("_")) {
        throw new IllegalArgumentException("'like' takes 'x%', '%x', '%x%' or a pattern without % (no _ and no % inside): '"
            + pattern + "'");
      }
      FilterPredicate p;
      if (head && tail) {
        p = FilterApi.userDefined(col, StringPredicates.contains(inner));
      } else if (head) {
        p = FilterApi.userDefined(col, StringPredicates.endsWith(inner));
      } else if (tail) {
        p = FilterApi.userDefined(col, StringPredicates.startsWith(inner));
      } else {
        p = FilterApi.eq(col, Binary.fromString(inner));
      }
      // SQL: a null value is neither like nor not like anything.
      return negated ? FilterApi.and(FilterApi.not(p), FilterApi.notEq(col, null)) : p;
    }
  }

  /** A literal as written: a number's text, a string, true, false or null. */
  record Literal(Kind kind, String text) {
    enum Kind { NUMBER, STRING, BOOLEAN, NULL }

    boolean isNull() {
      return kind == Kind.NULL;
    }

    @Override
    public String toString() {
      return kind == Kind.STRING ? "'" + text + "'" : text;
    }
  }

  /** The leaf column named {@code name} in {@code schema}, flat (row filtering tests flat columns). */
  private static ColumnDescriptor leaf(MessageType schema, String name) {
    for (ColumnDescriptor c : schema.getColumns()) {
      if (String.join(".", c.getPath()).equals(name)) {
        if (c.getMaxRepetitionLevel() > 0) {
          throw new IllegalArgumentException("column " + name + " is inside a list or map; --where tests columns outside them");
        }
        return c;
      }
    }
    boolean group;
    try {
      group = !schema.getType(name.split("\\.")).isPrimitive();
    } catch (InvalidRecordException e) {
      group = false;
    }
    if (group) {
      throw new IllegalArgumentException(name + " is a group; --where tests leaf columns (" + name + ".field)");
    }
    throw new IllegalArgumentException("no column '" + name + "'; its columns are "
        + String.join(", ", ParquetFiles.leafPaths(schema)));
  }

  // ---- parsing ------------------------------------------------------------------------------

  private record Token(String text, boolean quoted, int at) {
    boolean is(String word) {
      return !quoted && text.equalsIgnoreCase(word);
    }
  }

  private static final class Parser {
    private final String text;
    private final List<Token> tokens = new ArrayList<>();
    /** Kind of each token: 's' string, 'c' back-quoted column, 'w' word or symbol. */
    private final List<Character> kinds = new ArrayList<>();
    private int next;

    Parser(String text) {
      this.text = text;
      int i = 0;
      while (i < text.length()) {
        char ch = text.charAt(i);
        if (Character.isWhitespace(ch)) {
          i++;
        } else if (ch == '\'' || ch == '`') {
          StringBuilder s = new StringBuilder();
          int start = i++;
          while (true) {
            if (i >= text.length()) {
              throw error(start, "unclosed " + (ch == '\'' ? "string" : "quoted column"));
            }
            char c = text.charAt(i++);
            if (c == ch) {
              if (i < text.length() && text.charAt(i) == ch) {
                s.append(ch); // doubled: the character itself
                i++;
                continue;
              }
              break;
            }
            s.append(c);
          }
          add(new Token(s.toString(), true, start), ch == '\'' ? 's' : 'c');
        } else if ("()=,".indexOf(ch) >= 0) {
          add(new Token(String.valueOf(ch), false, i++), 'w');
        } else if (ch == '<' || ch == '>' || ch == '!') {
          int start = i++;
          if (i < text.length() && (text.charAt(i) == '=' || ch == '<' && text.charAt(i) == '>')) {
            i++;
          }
          String op = text.substring(start, i);
          if (op.equals("!")) {
            throw error(start, "'!' alone; use '!=' or 'not'");
          }
          add(new Token(op, false, start), 'w');
        } else if (Character.isLetterOrDigit(ch) || ch == '_' || ch == '-' || ch == '+' || ch == '.') {
          int start = i;
          while (i < text.length() && (Character.isLetterOrDigit(text.charAt(i)) || "_.-+".indexOf(text.charAt(i)) >= 0)) {
            i++;
          }
          add(new Token(text.substring(start, i), false, start), 'w');
        } else {
          throw error(i, "unexpected character '" + ch + "'");
        }
      }
    }

    private void add(Token t, char kind) {
      tokens.add(t);
      kinds.add(kind);
    }

    Token peek() {
      return next < tokens.size() ? tokens.get(next) : null;
    }

    private char kind() {
      return kinds.get(next);
    }

    private boolean accept(String word) {
      Token t = peek();
      if (t != null && kind() == 'w' && t.is(word)) {
        next++;
        return true;
      }
      return false;
    }

    private void expect(String word) {
      if (!accept(word)) {
        throw error(peek() == null ? "expected '" + word + "' at the end" : "expected '" + word + "', not '" + peek().text + "'");
      }
    }

    Node expr() {
      Node left = term();
      while (accept("or")) {
        left = new Logical("or", left, term());
      }
      return left;
    }

    private Node term() {
      Node left = factor();
      while (accept("and")) {
        left = new Logical("and", left, factor());
      }
      return left;
    }

    private Node factor() {
      if (accept("not")) {
        return new Logical("not", factor(), null);
      }
      if (accept("(")) {
        Node inner = expr();
        expect(")");
        return inner;
      }
      return test();
    }

    private Node test() {
      Token t = peek();
      if (t == null) {
        throw error("a test expected at the end");
      }
      char k = kind();
      if (k == 's' || k == 'w' && !isName(t.text)) {
        throw error("a column name expected, not '" + t.text + "'");
      }
      next++;
      String column = t.text;
      if (accept("is")) {
        boolean not = accept("not");
        expect("null");
        return new Compare(column, not ? "!=" : "=", new Literal(Literal.Kind.NULL, "null"));
      }
      boolean not = accept("not");
      if (accept("in")) {
        expect("(");
        List<Literal> values = new ArrayList<>();
        do {
          values.add(literal());
        } while (accept(","));
        expect(")");
        return new In(column, values, not);
      }
      if (accept("like")) {
        Token p = peek();
        if (p == null || kind() != 's') {
          throw error("'like' takes a quoted pattern");
        }
        next++;
        return new Like(column, p.text, not);
      }
      if (not) {
        throw error("'not' after a column goes with 'in' or 'like'");
      }
      for (String op : new String[] {"=", "!=", "<>", "<", "<=", ">", ">="}) {
        if (accept(op)) {
          return new Compare(column, op.equals("<>") ? "!=" : op, literal());
        }
      }
      throw error(peek() == null ? "an operator expected after " + column + " at the end"
          : "an operator expected after " + column + ", not '" + peek().text + "'");
    }

    private Literal literal() {
      Token t = peek();
      if (t == null) {
        throw error("a value expected at the end");
      }
      char k = kind();
      next++;
      if (k == 's') {
        return new Literal(Literal.Kind.STRING, t.text);
      }
      if (k == 'w' && (t.is("true") || t.is("false"))) {
        return new Literal(Literal.Kind.BOOLEAN, t.text.toLowerCase(Locale.ROOT));
      }
      if (k == 'w' && t.is("null")) {
        return new Literal(Literal.Kind.NULL, "null");
      }
      if (k == 'w' && t.text.matches("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?|[-+]?(Infinity|NaN)")) {
        return new Literal(Literal.Kind.NUMBER, t.text);
      }
      next--;
      throw error("a value expected (a number, a 'string', true, false or null), not '" + t.text + "'");
    }

    private static boolean isName(String s) {
      return s.matches("[\\p{L}_][\\p{L}\\p{N}_]*(\\.[\\p{L}\\p{N}_]+)*") && !s.equalsIgnoreCase("not")
          && !s.equalsIgnoreCase("and") && !s.equalsIgnoreCase("or");
    }

    IllegalArgumentException error(String what) {
      return error(peek() == null ? text.length() : peek().at, what);
    }

    private IllegalArgumentException error(int at, String what) {
      return new IllegalArgumentException(what + " (at character " + (at + 1) + " of \"" + text + "\")");
    }
  }
}
