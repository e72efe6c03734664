package dev.quiver.format.storage;

import dev.quiver.common.CorruptFileException;
import dev.quiver.common.QuiverException;
import dev.quiver.common.concurrent.Failures;
import dev.quiver.common.memory.Allocators;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.LongAdder;
import java.util.zip.CRC32C;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Segments of a local file through {@link FileChannel} positional reads (thread-safe). A call's
 * segments are coalesced by a {@link CoalescingPolicy}; a segment already being read for another
 * caller is not read again: both get the same bytes (each its own reference).
 */
public final class FileSegmentSource implements SegmentSource {
  private final String name;
  private final FileChannel channel;
  private final List<SegmentLocation> locations;
  private final CoalescingPolicy policy;
  private final Map<Integer, InFlight> inFlight = new HashMap<>();
  private final LongAdder segmentsRequested = new LongAdder();
  private final LongAdder reads = new LongAdder();
  private final LongAdder bytesRead = new LongAdder();

  /** A segment being read: its bytes once read, and how many callers still have to take them. */
  private static final class InFlight {
    final CompletableFuture<ArrowBuf> bytes = new CompletableFuture<>();
    int users = 1;
  }

  private final boolean ownsChannel;

  /**
   * Reads through {@code channel}, which stays the caller's ({@link #close()} leaves it open): a
   * {@link dev.quiver.format.file.QuiverFile} reads its footer and its segments through one open file,
   * so a file replaced on disk meanwhile is never mixed with the one opened.
   */
  public FileSegmentSource(String name, FileChannel channel, List<SegmentLocation> locations, CoalescingPolicy policy) {
    this(name, channel, locations, policy, false);
  }

  private FileSegmentSource(String name, FileChannel channel, List<SegmentLocation> locations, CoalescingPolicy policy,
      boolean ownsChannel) {
    this.name = name;
    this.channel = channel;
    this.locations = List.copyOf(locations);
    this.policy = policy;
    this.ownsChannel = ownsChannel;
  }

  /** Opens {@code path} for this source alone ({@link #close()} closes it). */
  public static FileSegmentSource open(Path path, List<SegmentLocation> locations, CoalescingPolicy policy)
      throws IOException {
    return new FileSegmentSource(path.toString(), FileChannel.open(path, StandardOpenOption.READ), locations, policy,
        true);
  }

  @Override
  public List<ArrowBuf> read(List<Integer> segments, BufferAllocator allocator) throws IOException {
    segmentsRequested.add(segments.size());
    Map<Integer, InFlight> mine = new LinkedHashMap<>();
    Map<Integer, InFlight> taken = new LinkedHashMap<>();
    synchronized (inFlight) {
      for (int segment : segments) {
        if (segment < 0 || segment >= locations.size()) {
          throw QuiverException.user(name + ": there is no segment " + segment);
        }
        if (taken.containsKey(segment)) {
          throw QuiverException.user(name + ": segment " + segment + " asked twice in one read");
        }
        InFlight existing = inFlight.get(segment);
        if (existing != null) {
          existing.users++;
          taken.put(segment, existing);
        } else {
          InFlight started = new InFlight();
          inFlight.put(segment, started);
          mine.put(segment, started);
          taken.put(segment, started);
        }
      }
    }
    try {
      readOwn(mine, allocator);
    } catch (IOException | RuntimeException | Error failure) {
      for (InFlight pending : mine.values()) {
        pending.bytes.completeExceptionally(failure);
      }
    }
    List<ArrowBuf> result = new ArrayList<>(segments.size());
    Throwable failure = null;
    for (int segment : segments) {
      InFlight reading = taken.get(segment);
      try {
        ArrowBuf shared = reading.bytes.join();
        if (failure == null) {
          result.add(shared.getReferenceManager().retain(shared, allocator));
        }
      } catch (CompletionException failed) {
        failure = failure == null ? failed.getCause() : failure;
      } finally {
        finish(segment, reading);
      }
    }
    if (failure != null) {
      result.forEach(ArrowBuf::close);
      throw Failures.rethrow(failure);
    }
    return result;
  }

  /** Reads the segments this call owns, coalesced; completes each one's future with its bytes. */
  private void readOwn(Map<Integer, InFlight> mine, BufferAllocator allocator) throws IOException {
    if (mine.isEmpty()) {
      return;
    }
    for (ReadPlan.Read read : ReadPlan.plan(new ArrayList<>(mine.keySet()), locations, policy)) {
      try (ArrowBuf range = Allocators.exactBuffer(allocator, read.length())) {
        if (read.length() > 0) {
          readFully(range.nioBuffer(0, (int) read.length()), read.offset(), read.segments());
        }
        reads.increment();
        bytesRead.add(read.length());
        for (int segment : read.segments()) {
          SegmentLocation location = locations.get(segment);
          long at = location.offset() - read.offset();
          CRC32C crc = new CRC32C();
          if (location.length() > 0) {
            crc.update(range.nioBuffer(at, (int) location.length()));
          }
          if ((int) crc.getValue() != location.checksum()) {
            throw new CorruptFileException(name, null, segment, "checksum does not match: the segment is damaged",
                null);
          }
          range.getReferenceManager().retain();
          mine.get(segment).bytes.complete(range.slice(at, location.length()));
        }
      }
    }
  }

  private void readFully(ByteBuffer target, long at, List<Integer> segments) throws IOException {
    long cursor = at;
    while (target.hasRemaining()) {
      int read = channel.read(target, cursor);
      if (read < 0) {
        throw new CorruptFileException(name, "segments " + segments + ": the file ends at byte " + cursor, null);
      }
      cursor += read;
    }
  }

  /** One caller is done with a segment; the last one releases the read's reference. */
  private void finish(int segment, InFlight reading) {
    synchronized (inFlight) {
      if (--reading.users > 0) {
        return;
      }
      inFlight.remove(segment, reading);
    }
    if (!reading.bytes.isCompletedExceptionally()) {
      reading.bytes.join().close();
    }
  }

  @Override
  public long segmentsRequested() {
    return segmentsRequested.sum();
  }

  @Override
  public long reads() {
    return reads.sum();
  }

  @Override
  public long bytesRead() {
    return bytesRead.sum();
  }

  @Override
  public void close() throws IOException {
    if (ownsChannel) {
      channel.close();
    }
  }

}
