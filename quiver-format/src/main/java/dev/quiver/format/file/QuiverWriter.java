package dev.quiver.format.file;

import dev.quiver.common.QuiverException;
import dev.quiver.common.io.TemporaryFiles;
import dev.quiver.common.stats.ZoneStatistics;
import dev.quiver.format.FormatConstants;
import dev.quiver.format.encoding.EncodingOptions;
import dev.quiver.format.layout.Layout;
import dev.quiver.format.layout.StructLayout;
import dev.quiver.format.layout.ZonedLayout;
import dev.quiver.format.stats.StatisticsMerger;
import dev.quiver.format.storage.SegmentLocation;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32C;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Writes a {@code .qvr} file from Arrow batches of any size. Each column streams chunks of about
 * {@link Options#chunkBytes()} uncompressed bytes to the file as they fill, so memory is bounded by
 * the open chunks, not by the file. Everything goes to a hidden temporary file beside the target
 * ({@link TemporaryFiles}: {@code .NAME.quiver-tmp-PID-RANDOM}; stale ones of dead processes are
 * removed first);
 * {@link #close()} writes the footer, forces the bytes to disk and renames the file into place, so
 * a file cut short by a crash is never visible under its final name. {@link #abort()} (or any
 * failure) deletes the temporary file. Not thread-safe.
 */
public final class QuiverWriter implements AutoCloseable {

  /** Writer settings. */
  public record Options(long chunkBytes, int zoneRows, EncodingOptions encoding, boolean columnDictionaries) {
    /** Options with column-wide dictionaries on. */
    public Options(long chunkBytes, int zoneRows, EncodingOptions encoding) {
      this(chunkBytes, zoneRows, encoding, true);
    }

    public static Options defaults() {
      return new Options(FormatConstants.CHUNK_BYTES_TARGET, FormatConstants.ZONE_ROWS, EncodingOptions.defaults(),
          true);
    }

    public Options withChunkBytes(long bytes) {
      return new Options(bytes, zoneRows, encoding, columnDictionaries);
    }

    public Options withZoneRows(int rows) {
      return new Options(chunkBytes, rows, encoding, columnDictionaries);
    }

    public Options withEncoding(EncodingOptions options) {
      return new Options(chunkBytes, zoneRows, options, columnDictionaries);
    }

    /** Whether low-cardinality string and binary columns get a column-wide dictionary (default on). */
    public Options withColumnDictionaries(boolean enabled) {
      return new Options(chunkBytes, zoneRows, encoding, enabled);
    }
  }

  private final Path target;
  private final Path temporary;
  private final Schema schema;
  private final FileChannel channel;
  private final List<ColumnWriter> columns = new ArrayList<>();
  private final List<SegmentLocation> segments = new ArrayList<>();
  private final ColumnWriter.SegmentSink sink = this::writeSegment;
  private final Map<String, String> extraMetadata = new LinkedHashMap<>();
  private long position;
  private long rowCount;
  private boolean finished;

  private QuiverWriter(Path target, Schema schema, BufferAllocator allocator, Options options) throws IOException {
    this.target = target;
    this.schema = schema;
    for (Field field : schema.getFields()) {
      SupportedTypes.require(field);
    }
    TemporaryFiles.removeStale(target);
    this.temporary = TemporaryFiles.nameFor(target);
    this.channel = FileChannel.open(temporary, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    try {
      write(ByteBuffer.wrap(FormatConstants.MAGIC));
      for (Field field : schema.getFields()) {
        columns.add(new ColumnWriter(field, allocator, options.chunkBytes(), options.zoneRows(), options.encoding())
            .withDictionary(options.columnDictionaries()));
      }
    } catch (IOException | RuntimeException failure) {
      abort();
      throw failure;
    }
  }

  /** Starts a file at {@code target} (created or replaced when {@link #close()} commits it). */
  public static QuiverWriter create(Path target, Schema schema, BufferAllocator allocator) throws IOException {
    return create(target, schema, allocator, Options.defaults());
  }

  public static QuiverWriter create(Path target, Schema schema, BufferAllocator allocator, Options options)
      throws IOException {
    return new QuiverWriter(target, schema, allocator, options);
  }

  public Schema schema() {
    return schema;
  }

  public long rowCount() {
    return rowCount;
  }

  /**
   * Adds an entry to the footer's key-value metadata (written by {@link #close()}), e.g.
   * {@link FormatConstants#METADATA_SORTED_BY}; the key "writer" is the writer's own.
   */
  public void putMetadata(String key, String value) {
    if (key.isEmpty() || key.equals("writer")) {
      throw new IllegalArgumentException("metadata key '" + key + "' is reserved or empty");
    }
    extraMetadata.put(key, java.util.Objects.requireNonNull(value, "value"));
  }

  /** Appends a batch; the caller keeps owning it. */
  public void write(VectorSchemaRoot batch) throws IOException {
    if (finished) {
      throw QuiverException.user("the writer of " + target + " is already closed");
    }
    if (!batch.getSchema().getFields().equals(schema.getFields())) {
      throw QuiverException.user("batch schema " + batch.getSchema() + " differs from the file's " + schema);
    }
    try {
      int rows = batch.getRowCount();
      for (int c = 0; c < columns.size(); c++) {
        columns.get(c).append(batch.getVector(c), rows, sink);
      }
      rowCount += rows;
    } catch (IOException | RuntimeException failure) {
      abort();
      throw failure;
    }
  }

  private int writeSegment(byte[] bytes) throws IOException {
    long aligned = (position + FormatConstants.SEGMENT_ALIGNMENT - 1) / FormatConstants.SEGMENT_ALIGNMENT
        * FormatConstants.SEGMENT_ALIGNMENT;
    if (aligned > position) {
      write(ByteBuffer.allocate((int) (aligned - position)));
    }
    CRC32C crc = new CRC32C();
    crc.update(bytes);
    segments.add(new SegmentLocation(position, bytes.length, (int) crc.getValue()));
    write(ByteBuffer.wrap(bytes));
    return segments.size() - 1;
  }

  private void write(ByteBuffer bytes) throws IOException {
    while (bytes.hasRemaining()) {
      position += channel.write(bytes);
    }
  }

  /** Finishes the file: last chunks, footer, postscript, fsync, atomic rename. */
  @Override
  public void close() throws IOException {
    if (finished) {
      return;
    }
    try {
      List<Layout> columnLayouts = new ArrayList<>();
      List<ZoneStatistics> statistics = new ArrayList<>();
      for (ColumnWriter column : columns) {
        column.finish(sink);
        ZonedLayout layout = (ZonedLayout) column.layout();
        columnLayouts.add(layout);
        statistics.add(StatisticsMerger.merge(layout.zones().kind(), layout.zones().zones()));
      }
      Map<String, String> metadata = new LinkedHashMap<>();
      String version = QuiverWriter.class.getPackage().getImplementationVersion();
      metadata.put("writer", "quiver " + (version == null ? "(unpackaged build)" : version));
      metadata.putAll(extraMetadata);
      Footer footer = new Footer(schema, rowCount, segments, new StructLayout(rowCount, columnLayouts), statistics,
          metadata);
      byte[] footerBytes = FooterSerializer.write(footer);
      long footerOffset = position;
      write(ByteBuffer.wrap(footerBytes));
      int checksum = Postscript.checksum(footerBytes, FormatConstants.MAJOR_VERSION, FormatConstants.MINOR_VERSION);
      Postscript postscript = new Postscript(footerOffset, footerBytes.length, checksum,
          FormatConstants.MAJOR_VERSION, FormatConstants.MINOR_VERSION);
      write(ByteBuffer.wrap(postscript.toBytes()));
      channel.force(true);
      channel.close();
      Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      finished = true;
    } catch (IOException | RuntimeException failure) {
      abort();
      throw failure;
    } finally {
      closeColumns();
    }
  }

  /** Gives up: deletes the temporary file; the target is left as it was. */
  public void abort() {
    finished = true;
    closeColumns();
    try {
      channel.close();
    } catch (IOException ignored) {
      // the file is deleted next; nothing more to save
    }
    try {
      Files.deleteIfExists(temporary);
    } catch (IOException ignored) {
      // a hidden temporary file may remain; it never has the target's name
    }
  }

  private void closeColumns() {
    for (ColumnWriter column : columns) {
      column.close();
    }
  }
}
