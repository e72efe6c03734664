package dev.quiver.format.table;

import dev.quiver.common.CorruptFileException;
import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.zip.CRC32C;

/**
 * One committed version of a table: a folder of {@code .qvr} files whose readers read exactly the
 * files this version lists. The one table format of Quiver: the Spark connector's writes and the SQL
 * database ({@code quiver sql --db DIR}) both commit it, so either reads the other's tables. Stored as
 * {@code _quiver/manifest-<version>} under the table folder ({@link TableManifests}), UTF-8 text, one
 * entry per line, fields separated by one space:
 *
 * <pre>
 * quiver-manifest 1
 * version 3
 * job 0f8c4e1a-...                      (the job or statement that committed it)
 * data-schema {"type":"struct",...}     (Spark's JSON of the columns inside the files: {@link ManifestSchemas})
 * partition-schema {"type":"struct",...} (Spark's JSON of the folder columns, in folder order)
 * file 1234 a=1/b=x%2Fy/part-...qvr     (length in bytes, path relative to the table folder)
 * retired 999 part-...qvr               (files the previous version listed and this one drops)
 * end 1 1 1c2d3e4f                      (file count, retired count, CRC32C of every byte before this line)
 * </pre>
 *
 * The path is the rest of the line (it may hold spaces, never a line break). Partition values are the
 * path's folder names, Hive-escaped. Anything else — an unknown line, a missing {@code end}, a count
 * or checksum that does not match, bytes after {@code end} — is a CORRUPT error naming the file. The
 * schemas are kept as their JSON text here; a reader turns them into its own types.
 *
 * @param version the version, equal to the number in the file name
 * @param jobId the committing job
 * @param dataSchemaJson the columns stored in the files
 * @param partitionSchemaJson the partition columns, in folder order
 * @param files the table's files
 * @param retired the files dropped by this version (deleted once a later version commits)
 */
public record TableManifest(long version, String jobId, String dataSchemaJson, String partitionSchemaJson,
    List<Entry> files, List<Entry> retired) {
  /** The format version written on the first line. */
  public static final int FORMAT = 1;
  static final String MAGIC = "quiver-manifest";

  /**
   * One file of a manifest.
   *
   * @param path path relative to the table folder, '/'-separated
   * @param length bytes
   */
  public record Entry(String path, long length) {
    public Entry {
      if (path.isEmpty() || path.indexOf('\n') >= 0 || path.indexOf('\r') >= 0) {
        throw QuiverException.user("a table file's path cannot be empty or hold a line break: '" + path + "'");
      }
    }
  }

  public TableManifest {
    if (dataSchemaJson.indexOf('\n') >= 0 || partitionSchemaJson.indexOf('\n') >= 0 || jobId.indexOf('\n') >= 0) {
      throw new IllegalArgumentException("a manifest's job and schemas are one line each");
    }
    files = List.copyOf(files);
    retired = List.copyOf(retired);
  }

  /** The manifest as stored. */
  public byte[] toBytes() {
    StringBuilder text = new StringBuilder();
    text.append(MAGIC).append(' ').append(FORMAT).append('\n');
    text.append("version ").append(version).append('\n');
    text.append("job ").append(jobId).append('\n');
    text.append("data-schema ").append(dataSchemaJson).append('\n');
    text.append("partition-schema ").append(partitionSchemaJson).append('\n');
    for (Entry file : files) {
      text.append("file ").append(file.length()).append(' ').append(file.path()).append('\n');
    }
    for (Entry file : retired) {
      text.append("retired ").append(file.length()).append(' ').append(file.path()).append('\n');
    }
    byte[] body = text.toString().getBytes(StandardCharsets.UTF_8);
    String end = "end " + files.size() + " " + retired.size() + " " + hex(crc(body, body.length)) + "\n";
    byte[] tail = end.getBytes(StandardCharsets.UTF_8);
    byte[] all = new byte[body.length + tail.length];
    System.arraycopy(body, 0, all, 0, body.length);
    System.arraycopy(tail, 0, all, body.length, tail.length);
    return all;
  }

  /** Parses a stored manifest; a CORRUPT error naming {@code file} when it is not one. */
  public static TableManifest parse(String file, byte[] bytes) {
    String text;
    try {
      text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
    } catch (CharacterCodingException notText) {
      throw corrupt(file, "not UTF-8 text");
    }
    if (!text.endsWith("\n")) {
      throw corrupt(file, "truncated: it does not end with a complete line");
    }
    int endLine = text.lastIndexOf('\n', text.length() - 2) + 1;
    String end = text.substring(endLine, text.length() - 1);
    if (!end.startsWith("end ")) {
      throw corrupt(file, "truncated: the last line is not 'end'");
    }
    String[] counts = end.split(" ");
    if (counts.length != 4) {
      throw corrupt(file, "the end line '" + end + "' is malformed");
    }
    int bodyBytes = text.substring(0, endLine).getBytes(StandardCharsets.UTF_8).length;
    if (!counts[3].equals(hex(crc(bytes, bodyBytes)))) {
      throw corrupt(file, "checksum mismatch: the end line says " + counts[3] + ", the text has "
          + hex(crc(bytes, bodyBytes)) + " (edited or torn)");
    }
    String[] lines = text.substring(0, endLine).split("\n", -1);
    Parsed parsed = new Parsed();
    for (int i = 0; i < lines.length - 1; i++) {
      parsed.line(file, i + 1, lines[i]);
    }
    if (parsed.version < 0 || parsed.job == null || parsed.data == null || parsed.partitions == null) {
      throw corrupt(file, "a required line (version, job, data-schema, partition-schema) is missing");
    }
    if (!counts[1].equals(Integer.toString(parsed.files.size()))
        || !counts[2].equals(Integer.toString(parsed.retired.size()))) {
      throw corrupt(file, "the end line counts " + counts[1] + " files and " + counts[2] + " retired, the text has "
          + parsed.files.size() + " and " + parsed.retired.size());
    }
    return new TableManifest(parsed.version, parsed.job, parsed.data, parsed.partitions, parsed.files,
        parsed.retired);
  }

  /** The line-by-line state of {@link #parse}. */
  private static final class Parsed {
    long version = -1;
    String job;
    String data;
    String partitions;
    final List<Entry> files = new ArrayList<>();
    final List<Entry> retired = new ArrayList<>();

    void line(String file, int number, String line) {
      int space = line.indexOf(' ');
      String key = space < 0 ? line : line.substring(0, space);
      String value = space < 0 ? "" : line.substring(space + 1);
      try {
        switch (key) {
          case MAGIC -> {
            if (number != 1 || !value.equals(Integer.toString(FORMAT))) {
              throw corrupt(file, "line " + number + ": format '" + value + "' is not " + FORMAT);
            }
          }
          case "version" -> version = Long.parseLong(value);
          case "job" -> job = value;
          case "data-schema" -> data = json(value);
          case "partition-schema" -> partitions = json(value);
          case "file" -> files.add(entry(value));
          case "retired" -> retired.add(entry(value));
          default -> throw corrupt(file, "line " + number + ": unknown entry '" + key + "'");
        }
      } catch (QuiverException already) {
        if (already.errorCode() == ErrorCode.CORRUPT) {
          throw already;
        }
        throw corrupt(file, "line " + number + ": " + already.getMessage());
      } catch (RuntimeException malformed) {
        throw corrupt(file, "line " + number + " is malformed: " + QuiverException.describe(malformed));
      }
      if (number == 1 && !key.equals(MAGIC)) {
        throw corrupt(file, "it does not start with '" + MAGIC + "'");
      }
    }

    private static String json(String value) {
      ManifestSchemas.checkStruct(value);
      return value;
    }

    private static Entry entry(String value) {
      int space = value.indexOf(' ');
      long length = Long.parseLong(value.substring(0, space));
      if (length < 0) {
        throw new IllegalArgumentException("negative length " + length);
      }
      return new Entry(value.substring(space + 1), length);
    }
  }

  /** A CORRUPT error about the manifest {@code file}: its message starts {@code manifest <file>: }. */
  public static QuiverException corrupt(String file, String problem) {
    return QuiverException.corrupt("manifest " + file + ": " + problem, new CorruptFileException(file, problem, null));
  }

  private static long crc(byte[] bytes, int length) {
    CRC32C crc = new CRC32C();
    crc.update(bytes, 0, length);
    return crc.getValue();
  }

  private static String hex(long value) {
    return String.format(Locale.ROOT, "%08x", value);
  }
}
