package dev.quiver.common.metrics;

import java.util.concurrent.atomic.LongAdder;

/**
 * A named, thread-safe accumulator of elapsed time in nanoseconds. Use {@code long started =
 * timer.start(); ...; timer.stop(started);} around the timed work, or {@link #add} a measured span.
 */
public final class Timer {
  private final String name;
  private final LongAdder nanos = new LongAdder();

  public Timer(String name) {
    this.name = name;
  }

  public String name() {
    return name;
  }

  /** A start mark for {@link #stop}. */
  public long start() {
    return System.nanoTime();
  }

  /** Adds the time since {@code started} (a value of {@link #start}). */
  public void stop(long started) {
    nanos.add(System.nanoTime() - started);
  }

  /** Adds a span measured elsewhere. */
  public void add(long elapsedNanos) {
    nanos.add(elapsedNanos);
  }

  /** Nanoseconds accumulated so far. */
  public long nanos() {
    return nanos.sum();
  }

  @Override
  public String toString() {
    return name + "=" + nanos() + "ns";
  }
}
