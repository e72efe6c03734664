package dev.quiver.io.csv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CsvRecordReaderTest {

  private static List<CsvRecord> readAll(String text) throws IOException {
    List<CsvRecord> records = new ArrayList<>();
    try (CsvRecordReader reader = new CsvRecordReader(new StringReader(text), "in.csv")) {
      while (true) {
        CsvRecord record = new CsvRecord();
        if (!reader.next(record)) {
          return records;
        }
        records.add(record);
      }
    }
  }

  @Test
  void splitsFieldsAndHonoursQuotesAroundCommas() throws IOException {
    List<CsvRecord> records = readAll("a,b,c\n1,\"x, y\",3\n");
    assertThat(records).hasSize(2);
    assertThat(records.get(0).values()).containsExactly("a", "b", "c");
    assertThat(records.get(1).values()).containsExactly("1", "x, y", "3");
    assertThat(records.get(1).isQuoted(1)).isTrue();
    assertThat(records.get(1).isQuoted(0)).isFalse();
  }

  @Test
  void doubledQuotesInsideQuotesAreOneQuote() throws IOException {
    List<CsvRecord> records = readAll("\"say \"\"hi\"\"\",\"\"\"\"\n");
    assertThat(records.get(0).values()).containsExactly("say \"hi\"", "\"");
  }

  @Test
  void keepsEmbeddedLineBreaksAndCountsLines() throws IOException {
    List<CsvRecord> records = readAll("h1,h2\r\n\"two\nlines\",x\r\n\"crlf\r\ninside\",y\r\nlast,z");
    assertThat(records).hasSize(4);
    assertThat(records.get(1).value(0)).isEqualTo("two\nlines");
    assertThat(records.get(2).value(0)).isEqualTo("crlf\r\ninside");
    assertThat(records.get(3).values()).containsExactly("last", "z");
    assertThat(records.get(1).line()).isEqualTo(2);
    assertThat(records.get(2).line()).isEqualTo(4);
    assertThat(records.get(3).line()).isEqualTo(6);
  }

  @Test
  void loneCarriageReturnEndsARecord() throws IOException {
    List<CsvRecord> records = readAll("a\rb\r");
    assertThat(records).extracting(record -> record.value(0)).containsExactly("a", "b");
  }

  @Test
  void unquotedBackslashNAndEmptyAreNullButQuotedOnesAreStrings() throws IOException {
    CsvRecord record = readAll("\\N,\"\\N\",,\"\",x\n").get(0);
    assertThat(record.isNull(0)).isTrue();
    assertThat(record.isNull(1)).isFalse();
    assertThat(record.value(1)).isEqualTo("\\N");
    assertThat(record.isNull(2)).isTrue();
    assertThat(record.isNull(3)).isFalse();
    assertThat(record.value(3)).isEmpty();
    assertThat(record.isNull(4)).isFalse();
  }

  @Test
  void trailingCommaMakesAnEmptyLastField() throws IOException {
    assertThat(readAll("a,b,\n").get(0).values()).containsExactly("a", "b", "");
  }

  @Test
  void skipsBlankLinesAndAByteOrderMark() throws IOException {
    List<CsvRecord> records = readAll("\uFEFFa,b\n\n1,2\n\r\n\n");
    assertThat(records).hasSize(2);
    assertThat(records.get(0).value(0)).isEqualTo("a");
    assertThat(records.get(1).line()).isEqualTo(3);
  }

  @Test
  void quoteInsideAnUnquotedFieldIsAnOrdinaryCharacter() throws IOException {
    assertThat(readAll("5\" screen,x\n").get(0).value(0)).isEqualTo("5\" screen");
  }

  @Test
  void unterminatedQuoteNamesFileLineAndColumn() {
    assertThatThrownBy(() -> readAll("a,b\n1,2\n3,\"open\nand never closed\n"))
        .isInstanceOf(QuiverException.class)
        .hasMessage("in.csv line 3 column 2: unterminated quoted field: the input ends before its closing quote")
        .satisfies(failure -> assertThat(((QuiverException) failure).errorCode()).isEqualTo(ErrorCode.USER));
  }

  @Test
  void textAfterAClosingQuoteNamesFileLineAndColumn() {
    assertThatThrownBy(() -> readAll("a,b,c\n1,2,\"x\"y\n"))
        .isInstanceOf(QuiverException.class)
        .hasMessageStartingWith("in.csv line 2 column 3: unexpected character 'y' after a closing quote");
  }

  @Test
  void malformedUtf8IsAnErrorNotAReplacement() {
    byte[] bytes = {'a', '\n', (byte) 0xC3, (byte) 0x28, '\n'};
    assertThatThrownBy(() -> {
      try (CsvRecordReader reader = CsvRecordReader.utf8(new ByteArrayInputStream(bytes), "bad.csv")) {
        CsvRecord record = new CsvRecord();
        while (reader.next(record)) {
          // read everything
        }
      }
    }).isInstanceOf(QuiverException.class).hasMessageContaining("bad.csv").hasMessageContaining("not valid UTF-8");
  }

  @Test
  void malformedUtf8FarIntoTheFileNamesItsRealLineAndColumn() {
    StringBuilder text = new StringBuilder("id,name,note\n");
    for (int line = 2; line <= 1500; line++) {
      text.append(line).append(",name ").append(line).append(",\"quoted, with é\"\n");
    }
    byte[] good = text.toString().getBytes(StandardCharsets.UTF_8);
    byte[] bad = "1501,na".getBytes(StandardCharsets.US_ASCII);
    byte[] bytes = new byte[good.length + bad.length + 4];
    System.arraycopy(good, 0, bytes, 0, good.length);
    System.arraycopy(bad, 0, bytes, good.length, bad.length);
    bytes[good.length + bad.length] = (byte) 0xC3;
    bytes[good.length + bad.length + 1] = (byte) 0x28;
    bytes[good.length + bad.length + 2] = ',';
    bytes[good.length + bad.length + 3] = '\n';
    List<Long> lines = new ArrayList<>();
    assertThatThrownBy(() -> {
      try (CsvRecordReader reader = CsvRecordReader.utf8(new ByteArrayInputStream(bytes), "bad.csv")) {
        CsvRecord record = new CsvRecord();
        while (reader.next(record)) {
          lines.add(record.line());
        }
      }
    }).isInstanceOf(QuiverException.class)
        .hasMessage("bad.csv line 1501 column 2: the file is not valid UTF-8 text (a malformed byte sequence here)");
    assertThat(lines).hasSize(1500).endsWith(1500L);
  }
}
