package dev.quiver.scan.decode;

import dev.quiver.format.layout.FlatLayout;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * One flat segment's decode, shared by the splits planned to read it: a lease per split (counted at
 * planning), the decode started by the first split that needs the data, its vector freed when the last
 * lease is released. Splits that find the decode started wait for it and read the same vector.
 */
public final class SharedDecode {
  final int file;
  final FlatLayout segment;
  final Field field;
  final String column;
  private final AtomicInteger leases = new AtomicInteger();
  private final AtomicBoolean started = new AtomicBoolean();
  final CompletableFuture<FieldVector> vector = new CompletableFuture<>();

  SharedDecode(int file, FlatLayout segment, Field field, String column) {
    this.file = file;
    this.segment = segment;
    this.field = field;
    this.column = column;
  }

  void addLease() {
    leases.incrementAndGet();
  }

  /** True for exactly one caller: the one that must run the decode. */
  boolean claim() {
    return started.compareAndSet(false, true);
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
    if (started.get() && vector.isDone() && !vector.isCompletedExceptionally()) {
      vector.join().close();
    }
  }

  @Override
  public String toString() {
    return "column " + column + " segment " + segment.segment();
  }
}
