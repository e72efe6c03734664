package dev.quiver.scan.decode;

import dev.quiver.format.layout.FlatLayout;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * One flat segment's decode, shared by the splits planned to read it: a lease per split (counted at
 * planning), the decode started by the first split that needs the data, its vector freed when the last
 * lease is released. Splits that find the decode started wait for it and read the same vector. A split
 * taking a few rows instead of decoding fetches the segment's bytes once for all takers. A
 * string segment whose values are a dictionary is kept as codes plus that dictionary.
 */
public final class SharedDecode {
  final int file;
  final FlatLayout segment;
  final Field field;
  final String column;
  /** Whether this decode holds a column's row values (not a dict layout's codes or values), as strings. */
  final boolean mayKeepDictionary;
  private final AtomicInteger leases = new AtomicInteger();
  private final AtomicInteger planned = new AtomicInteger();
  private final AtomicBoolean started = new AtomicBoolean();
  final CompletableFuture<FieldVector> vector = new CompletableFuture<>();
  private final AtomicBoolean fetchStarted = new AtomicBoolean();
  private final AtomicBoolean encodedFreed = new AtomicBoolean();
  /**
   * The segment's encoded bytes, fetched once by the first split that takes rows from them (late
   * materialization) and shared by the others; freed with the decode.
   */
  final CompletableFuture<ArrowBuf> encoded = new CompletableFuture<>();
  /**
   * The dictionary when the segment's values are dictionary-encoded and kept so ({@link #vector} then
   * holds the codes); null for plain values. Written before {@link #vector} completes.
   */
  volatile FieldVector dictionary;

  SharedDecode(int file, FlatLayout segment, Field field, String column, boolean mayKeepDictionary) {
    this.file = file;
    this.mayKeepDictionary = mayKeepDictionary;
    this.segment = segment;
    this.field = field;
    this.column = column;
  }

  void addLease() {
    leases.incrementAndGet();
    planned.incrementAndGet();
  }

  /** Leases taken at planning: the splits planned to read this segment. */
  int plannedLeases() {
    return planned.get();
  }

  /** True for exactly one caller: the one that must run the decode. */
  boolean claim() {
    return started.compareAndSet(false, true);
  }

  /** True for exactly one caller: the one that must fetch {@link #encoded}. */
  boolean claimFetch() {
    return fetchStarted.compareAndSet(false, true);
  }

  /** Whether a take fetched (or is fetching) {@link #encoded}, which the decode then reads too. */
  boolean fetchClaimed() {
    return fetchStarted.get();
  }

  boolean started() {
    return started.get();
  }

  /** Leases not yet released. */
  public int leases() {
    return leases.get();
  }

  /** Releases one lease; the last one frees the decoded vector (if a decode ran). */
  void release() {
    int left = leases.decrementAndGet();
    if (left == 0) {
      free();
    } else if (left < 0) {
      throw new IllegalStateException(
          "column " + column + " segment " + segment.segment() + ": released more often than leased");
    }
  }

  /** Frees the vector now whatever the leases (a scan being closed). */
  void free() {
    if (fetchStarted.get() && encoded.isDone() && !encoded.isCompletedExceptionally()
        && encodedFreed.compareAndSet(false, true)) {
      encoded.join().close();
    }
    if (started.get() && vector.isDone() && !vector.isCompletedExceptionally()) {
      vector.join().close();
      FieldVector values = dictionary;
      if (values != null) {
        values.close();
      }
    }
  }

  @Override
  public String toString() {
    return "column " + column + " segment " + segment.segment();
  }
}
