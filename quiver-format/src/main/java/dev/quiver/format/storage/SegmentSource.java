package dev.quiver.format.storage;

import java.io.IOException;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Where a scan gets the bytes of a file's segments. One call reads a split's segments together, so an
 * implementation can coalesce nearby ones into one read; identical requests in flight at once share
 * one read. Local files: {@link FileSegmentSource}; an object store can implement the same interface.
 */
public interface SegmentSource extends AutoCloseable {
  /**
   * The bytes of {@code segments} (indexes into the file's segment table), one buffer per segment in
   * the order asked, each owned by the caller and checksum verified.
   *
   * @throws dev.quiver.common.CorruptFileException when a segment is damaged or cut short, naming it
   */
  List<ArrowBuf> read(List<Integer> segments, BufferAllocator allocator) throws IOException;

  /** Segments asked for so far (each asked segment counts once per call that asked it). */
  long segmentsRequested();

  /** Physical reads issued so far (a coalesced read of several segments counts once). */
  long reads();

  /** Bytes read from storage so far, gaps of coalesced reads included. */
  long bytesRead();

  @Override
  void close() throws IOException;
}
