package dev.quiver.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class QuiverExceptionTest {
  @Test
  void carriesItsCodeAndMessage() {
    QuiverException corrupt = QuiverException.corrupt("block 3: length 5 < 12");
    assertThat(corrupt.errorCode()).isEqualTo(ErrorCode.CORRUPT);
    assertThat(corrupt).hasMessage("block 3: length 5 < 12");
    assertThat(QuiverException.user("no such codec").errorCode()).isEqualTo(ErrorCode.USER);
  }

  @Test
  void corruptFileExceptionIsAnIoExceptionNamingTheFile() {
    CorruptFileException exception = new CorruptFileException(Path.of("a/b.qvr"), "footer checksum mismatch");
    assertThat(exception).isInstanceOf(IOException.class);
    assertThat(exception.getMessage()).isEqualTo("a/b.qvr: footer checksum mismatch");
    assertThat(exception.file()).isEqualTo("a/b.qvr");
    assertThat(exception.errorCode()).isEqualTo(ErrorCode.CORRUPT);
  }
}
