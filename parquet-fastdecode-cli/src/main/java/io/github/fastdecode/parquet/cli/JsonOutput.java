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

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * JSON Lines as UTF-8 bytes in a growing buffer: what Gson's {@code JsonWriter} (no HTML escaping,
 * no indent) writes, then encoded as UTF-8, but without a String per value. Strings are escaped as
 * Gson escapes them: {@code \"}, {@code \\}, {@code \t \b \n \r \f}, other characters below U+0020
 * as a backslash, 'u' and four lower-case hex digits, as are U+2028 and U+2029; everything
 * else as it is. A value already in UTF-8 is copied byte for byte when it is well-formed; a
 * malformed one is decoded first, each malformed sequence becoming U+FFFD as Java's decoder makes
 * it, as the String path did. {@code JsonOutputTest} compares it with Gson.
 */
final class JsonOutput {
  private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
  /** Per ASCII byte: 0 copied as is, else the letter after the backslash ('u': four hex digits follow). */
  private static final byte[] ESCAPE = new byte[128];

  static {
    for (int c = 0; c < 0x20; c++) {
      ESCAPE[c] = 'u';
    }
    ESCAPE['"'] = '"';
    ESCAPE['\\'] = '\\';
    ESCAPE['\t'] = 't';
    ESCAPE['\b'] = 'b';
    ESCAPE['\n'] = 'n';
    ESCAPE['\r'] = 'r';
    ESCAPE['\f'] = 'f';
  }

  byte[] buf = new byte[1 << 16];
  int pos;

  private void ensure(int n) {
    if (pos + n > buf.length) {
      buf = Arrays.copyOf(buf, Math.max(pos + n, buf.length * 2));
    }
  }

  int size() {
    return pos;
  }

  void reset() {
    pos = 0;
  }

  void writeTo(OutputStream out) throws java.io.IOException {
    out.write(buf, 0, pos);
  }

  @Override
  public String toString() {
    return new String(buf, 0, pos, StandardCharsets.UTF_8);
  }

  void write(char ascii) {
    ensure(1);
    buf[pos++] = (byte) ascii;
  }

  /** Bytes already JSON (keys with their quotes and colon, literals). */
  void write(byte[] bytes) {
    ensure(bytes.length);
    System.arraycopy(bytes, 0, buf, pos, bytes.length);
    pos += bytes.length;
  }

  /** A JSON literal (a number's text, true, false, null): written as its UTF-8 bytes, unescaped. */
  void literal(String s) {
    int n = s.length();
    ensure(n);
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c >= 0x80) {
        pos -= i;
        write(s.getBytes(StandardCharsets.UTF_8));
        return;
      }
      buf[pos + i] = (byte) c;
    }
    pos += n;
  }

  /** A number, without a String. */
  void number(long v) {
    if (v == Long.MIN_VALUE) {
      literal(Long.toString(v));
      return;
    }
    ensure(20);
    if (v < 0) {
      buf[pos++] = '-';
      v = -v;
    }
    pos += digits(v);
    writeDigits(v, pos);
  }

  /** How many decimal digits {@code v} (not negative) has. */
  private static int digits(long v) {
    int n = 1;
    for (long limit = 10; n < 19 && v >= limit; limit *= 10) {
      n++;
    }
    return n;
  }

  /** The digits of {@code v} (not negative), ending just before {@code end}. */
  private void writeDigits(long v, int end) {
    int p = end;
    do {
      buf[--p] = (byte) ('0' + v % 10);
      v /= 10;
    } while (v != 0);
  }

  /**
   * {@code unscaled / 10^scale} as BigDecimal's plain text ({@code -0.05}, {@code 17.00}) for
   * scales 1 to 18; otherwise through {@link ValueFormat#decimal}.
   */
  void decimal(long unscaled, int scale) {
    if (scale <= 0 || scale > 18 || unscaled == Long.MIN_VALUE) {
      literal(ValueFormat.decimal(unscaled, scale));
      return;
    }
    ensure(42);
    long v = unscaled;
    if (v < 0) {
      buf[pos++] = '-';
      v = -v;
    }
    int n = digits(v);
    if (n > scale) {
      int end = pos + n + 1;
      long whole = v;
      long fraction = 0;
      long pow = 1;
      for (int i = 0; i < scale; i++) {
        pow *= 10;
      }
      fraction = whole % pow;
      whole /= pow;
      writeDigits(whole, pos + n - scale);
      buf[pos + n - scale] = '.';
      for (int p = end - 1, i = 0; i < scale; i++, p--) {
        buf[p] = (byte) ('0' + fraction % 10);
        fraction /= 10;
      }
      pos = end;
    } else {
      buf[pos++] = '0';
      buf[pos++] = '.';
      for (int i = n; i < scale; i++) {
        buf[pos++] = '0';
      }
      pos += n;
      writeDigits(v, pos);
    }
  }

  /** A date as {@code "yyyy-mm-dd"} for years 0 to 9999; other years through {@code fallback}. */
  void date(int epochDay) {
    // civil from days (proleptic Gregorian), as LocalDate.ofEpochDay computes it
    long z = epochDay + 719_468L;
    long era = Math.floorDiv(z, 146_097L);
    long doe = z - era * 146_097L;
    long yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    long mp = (5 * doy + 2) / 153;
    int day = (int) (doy - (153 * mp + 2) / 5 + 1);
    int month = (int) (mp < 10 ? mp + 3 : mp - 9);
    long year = yoe + era * 400 + (month <= 2 ? 1 : 0);
    if (year < 0 || year > 9999) {
      string(ValueFormat.date(epochDay));
      return;
    }
    ensure(12);
    byte[] b = buf;
    int p = pos;
    int y = (int) year;
    b[p] = '"';
    b[p + 1] = (byte) ('0' + y / 1000);
    b[p + 2] = (byte) ('0' + y / 100 % 10);
    b[p + 3] = (byte) ('0' + y / 10 % 10);
    b[p + 4] = (byte) ('0' + y % 10);
    b[p + 5] = '-';
    b[p + 6] = (byte) ('0' + month / 10);
    b[p + 7] = (byte) ('0' + month % 10);
    b[p + 8] = '-';
    b[p + 9] = (byte) ('0' + day / 10);
    b[p + 10] = (byte) ('0' + day % 10);
    b[p + 11] = '"';
    pos = p + 12;
  }

  /** A JSON string of {@code s}, quoted and escaped, in UTF-8 (a lone surrogate as '?', as String.getBytes does). */
  void string(String s) {
    int n = s.length();
    ensure(n * 3 + 2);
    buf[pos++] = '"';
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        byte e = ESCAPE[c];
        if (e == 0) {
          buf[pos++] = (byte) c;
        } else {
          escape(c, e);
        }
      } else if (c < 0x800) {
        buf[pos++] = (byte) (0xc0 | c >> 6);
        buf[pos++] = (byte) (0x80 | c & 0x3f);
      } else if (c == '\u2028' || c == '\u2029') {
        unicodeEscape(c);
      } else if (Character.isSurrogate(c)) {
        if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
          int cp = Character.toCodePoint(c, s.charAt(++i));
          buf[pos++] = (byte) (0xf0 | cp >> 18);
          buf[pos++] = (byte) (0x80 | cp >> 12 & 0x3f);
          buf[pos++] = (byte) (0x80 | cp >> 6 & 0x3f);
          buf[pos++] = (byte) (0x80 | cp & 0x3f);
        } else {
          buf[pos++] = '?';
        }
      } else {
        buf[pos++] = (byte) (0xe0 | c >> 12);
        buf[pos++] = (byte) (0x80 | c >> 6 & 0x3f);
        buf[pos++] = (byte) (0x80 | c & 0x3f);
      }
    }
    buf[pos++] = '"';
  }

  /**
   * A JSON string of the UTF-8 text {@code b[off, off+len)}: copied as it is when well-formed (with
   * the escapes), else decoded with replacement characters first.
   */
  void string(byte[] b, int off, int len) {
    ensure(len * 6 + 2);
    int start = pos;
    byte[] out = buf;
    int p = pos;
    out[p++] = '"';
    int end = off + len;
    int i = off;
    while (i < end) {
      int c = b[i];
      if (c >= 0) {
        byte e = ESCAPE[c];
        if (e == 0) {
          out[p++] = (byte) c;
        } else {
          pos = p;
          escape((char) c, e);
          p = pos;
        }
        i++;
        continue;
      }
      int n = wellFormed(b, i, end);
      if (n == 0) {
        // malformed: start again from the decoded text
        pos = start;
        string(ValueFormat.utf8(b, off, len));
        return;
      }
      if (n == 3 && c == (byte) 0xe2 && b[i + 1] == (byte) 0x80 && (b[i + 2] == (byte) 0xa8 || b[i + 2] == (byte) 0xa9)) {
        pos = p;
        unicodeEscape(b[i + 2] == (byte) 0xa8 ? '\u2028' : '\u2029');
        p = pos;
      } else {
        for (int k = 0; k < n; k++) {
          out[p++] = b[i + k];
        }
      }
      i += n;
    }
    out[p++] = '"';
    pos = p;
  }

  /** The length of the well-formed UTF-8 sequence (Unicode table 3-7) at {@code b[i]}, a lead byte of 0x80 or more; 0 if malformed. */
  private static int wellFormed(byte[] b, int i, int end) {
    int c = b[i] & 0xff;
    if (c >= 0xc2 && c <= 0xdf) {
      return i + 1 < end && cont(b[i + 1]) ? 2 : 0;
    }
    if (c >= 0xe0 && c <= 0xef) {
      if (i + 2 >= end) {
        return 0;
      }
      int c1 = b[i + 1] & 0xff;
      boolean second = c == 0xe0 ? c1 >= 0xa0 && c1 <= 0xbf : c == 0xed ? c1 >= 0x80 && c1 <= 0x9f : cont(b[i + 1]);
      return second && cont(b[i + 2]) ? 3 : 0;
    }
    if (c >= 0xf0 && c <= 0xf4) {
      if (i + 3 >= end) {
        return 0;
      }
      int c1 = b[i + 1] & 0xff;
      boolean second = c == 0xf0 ? c1 >= 0x90 && c1 <= 0xbf : c == 0xf4 ? c1 >= 0x80 && c1 <= 0x8f : cont(b[i + 1]);
      return second && cont(b[i + 2]) && cont(b[i + 3]) ? 4 : 0;
    }
    return 0;
  }

  private static boolean cont(byte b) {
    return (b & 0xc0) == 0x80;
  }

  private void escape(char c, byte e) {
    if (e == 'u') {
      unicodeEscape(c);
    } else {
      ensure(2);
      buf[pos++] = '\\';
      buf[pos++] = e;
    }
  }

  private void unicodeEscape(char c) {
    ensure(6);
    buf[pos++] = '\\';
    buf[pos++] = 'u';
    buf[pos++] = HEX[c >> 12 & 15];
    buf[pos++] = HEX[c >> 8 & 15];
    buf[pos++] = HEX[c >> 4 & 15];
    buf[pos++] = HEX[c & 15];
  }
}
