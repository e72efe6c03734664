package dev.quiver.io;

import dev.quiver.common.QuiverException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * The check a file format with a magic number at both ends (Parquet's {@code PAR1}, the Arrow IPC
 * file's {@code ARROW1}) gets before its library reads it, so that a file of another kind or one
 * cut short is one clear line naming the file, not the library's internals.
 */
public final class MagicNumbers {
  private MagicNumbers() {}

  /**
   * Fails unless {@code path} starts and ends with {@code magic} and holds at least
   * {@code minimumBytes} in all.
   *
   * @param formatName the format in messages, with its article: {@code a Parquet file}
   * @throws QuiverException CORRUPT naming the file and what is wrong with it
   */
  public static void requireAtBothEnds(Path path, String formatName, byte[] magic, long minimumBytes)
      throws IOException {
    try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
      long size = channel.size();
      String text = new String(magic, StandardCharsets.US_ASCII);
      if (size < magic.length || !Arrays.equals(read(channel, 0, magic.length), magic)) {
        throw QuiverException.corrupt(path + ": not " + formatName + ": it does not start with " + text);
      }
      if (size < minimumBytes || !Arrays.equals(read(channel, size - magic.length, magic.length), magic)) {
        throw QuiverException.corrupt(path + ": " + formatName + " cut short: it does not end with " + text
            + " (" + size + " bytes)");
      }
    }
  }

  private static byte[] read(FileChannel channel, long position, int count) throws IOException {
    ByteBuffer buffer = ByteBuffer.allocate(count);
    while (buffer.hasRemaining()) {
      if (channel.read(buffer, position + buffer.position()) < 0) {
        break;
      }
    }
    return buffer.array();
  }
}
