package dev.quiver.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.QuiverException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InputFormatTest {
  @TempDir
  Path directory;

  private Path file(String name, byte[] bytes) throws IOException {
    Path path = directory.resolve(name);
    Files.write(path, bytes);
    return path;
  }

  @Test
  void recognisesContentWhateverTheExtension() throws IOException {
    byte[] comet = Files.readAllBytes(CommandRunner.resource("comet-shuffle-1.2.0/5col_20000rows_dict_lz4.data"));
    assertThat(InputFormat.detect(file("blocks.bin", comet))).isEqualTo(InputFormat.SHUFFLE_BLOCKS);
    assertThat(InputFormat.detect(file("x.bin", "ARROW1\0\0rest".getBytes()))).isEqualTo(InputFormat.ARROW_FILE);
    assertThat(InputFormat.detect(file("y.data", new byte[] {-1, -1, -1, -1, 8, 0, 0, 0})))
        .isEqualTo(InputFormat.ARROW_STREAM);
  }

  @Test
  void recognisesQvrAndParquet() throws IOException {
    assertThat(InputFormat.detect(file("a.bin", "QVR1\0\0\0\0".getBytes()))).isEqualTo(InputFormat.QUIVER);
    assertThat(InputFormat.detect(file("b.bin", "PAR1\0\0\0\0".getBytes()))).isEqualTo(InputFormat.PARQUET);
    assertThat(InputFormat.detect(file("c.qvr", "anything".getBytes()))).as("damaged .qvr stays .qvr")
        .isEqualTo(InputFormat.QUIVER);
    assertThat(InputFormat.detect(file("d.parquet", new byte[] {1, 2}))).isEqualTo(InputFormat.PARQUET);
    assertThat(InputFormat.detect(file("e.csv", "PAR1,QVR1\n".getBytes()))).as(".csv is always CSV")
        .isEqualTo(InputFormat.CSV);
  }

  @Test
  void fallsBackToTheExtension() throws IOException {
    assertThat(InputFormat.detect(file("t.csv", "a,b\n".getBytes()))).isEqualTo(InputFormat.CSV);
    assertThat(InputFormat.detect(file("empty.data", new byte[0]))).isEqualTo(InputFormat.SHUFFLE_BLOCKS);
    assertThat(InputFormat.detect(file("odd.arrows", new byte[] {1, 2}))).isEqualTo(InputFormat.ARROW_STREAM);
    assertThat(InputFormat.detect(file("odd.arrow", new byte[] {1, 2}))).isEqualTo(InputFormat.ARROW_FILE);
    assertThatThrownBy(() -> InputFormat.detect(file("notes.txt", "hello".getBytes())))
        .isInstanceOf(QuiverException.class).hasMessageContaining("cannot tell the format of");
  }

  @Test
  void blockHeaderChecksLengthFieldCountAndMaskedTag() {
    byte[] header = new byte[20];
    header[0] = 12;
    header[8] = 5;
    header[16] = (byte) ('Z' | 0x80);
    header[17] = 'S';
    header[18] = 'T';
    header[19] = 'D';
    assertThat(InputFormat.isPlausibleBlockHeader(header)).isTrue();
    header[0] = 11;
    assertThat(InputFormat.isPlausibleBlockHeader(header)).isFalse();
    header[0] = 12;
    header[19] = 'X';
    assertThat(InputFormat.isPlausibleBlockHeader(header)).isFalse();
    header[19] = 'D';
    header[13] = 1;
    assertThat(InputFormat.isPlausibleBlockHeader(header)).as("absurd field count").isFalse();
  }
}
