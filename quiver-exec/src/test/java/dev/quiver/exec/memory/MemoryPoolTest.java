package dev.quiver.exec.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.testing.TestingAllocator;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.util.TransferPair;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The pool's count of bytes in use: reservations and Arrow buffers under one limit, buffers
 * transferred out of (or into) the query's allocator leaving (or joining) the count at once.
 */
class MemoryPoolTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  @Test
  void buffersAndReservationsShareTheLimit() {
    try (MemoryPool pool = new MemoryPool(memory.allocator(), "query", 64 * 1024);
        MemoryReservation reservation = pool.reservation("Sort")) {
      reservation.grow(40 * 1024);
      assertThat(pool.used()).isEqualTo(40 * 1024);
      assertThatThrownBy(() -> pool.allocator().buffer(32 * 1024)).isInstanceOf(OutOfMemoryException.class);
      try (ArrowBuf buffer = pool.allocator().buffer(16 * 1024)) {
        assertThat(pool.used()).isEqualTo(56 * 1024);
        assertThat(reservation.tryGrow(16 * 1024)).isFalse();
        assertThatThrownBy(() -> reservation.grow(16 * 1024)).isInstanceOfSatisfying(QuiverException.class,
            failure -> {
              assertThat(failure.errorCode()).isEqualTo(ErrorCode.RESOURCE);
              assertThat(failure.getMessage()).startsWith("Sort needs 16384 more bytes");
            });
        assertThat(pool.peak()).isEqualTo(56 * 1024);
      }
      assertThat(pool.used()).isEqualTo(40 * 1024);
      reservation.shrink(40 * 1024);
      assertThat(pool.used()).isZero();
    }
  }

  /** The case that failed a sort's output: every batch handed to the caller stayed counted. */
  @Test
  void aVectorTransferredOutStopsCountingAndOneTransferredInStarts() {
    BufferAllocator outside = memory.allocator();
    try (MemoryPool pool = new MemoryPool(memory.allocator(), "query", 1 << 20)) {
      for (int round = 0; round < 40; round++) {
        try (BigIntVector inside = new BigIntVector("values", pool.allocator())) {
          inside.allocateNew(4096);
          inside.setValueCount(4096);
          assertThat(pool.used()).as("round %d", round).isGreaterThanOrEqualTo(4096 * 8);
          TransferPair transfer = inside.getTransferPair(outside);
          transfer.transfer();
          assertThat(pool.used()).as("round %d: moved out", round).isZero();
          transfer.getTo().close();
        }
      }
      try (BigIntVector made = new BigIntVector("values", outside)) {
        made.allocateNew(4096);
        made.setValueCount(4096);
        TransferPair transfer = made.getTransferPair(pool.allocator());
        transfer.transfer();
        assertThat(pool.used()).as("moved in").isGreaterThanOrEqualTo(4096 * 8);
        transfer.getTo().close();
      }
      assertThat(pool.used()).isZero();
      assertThat(pool.peak()).isGreaterThanOrEqualTo(4096 * 8).isLessThan(1 << 20);
    }
  }
}
