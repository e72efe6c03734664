package dev.quiver.common.metrics;

import java.util.concurrent.atomic.LongAdder;

/** A named, monotonically increasing, thread-safe counter. */
public final class Counter {
  private final String name;
  private final LongAdder value = new LongAdder();

  public Counter(String name) {
    this.name = name;
  }

  public String name() {
    return name;
  }

  public void increment() {
    value.increment();
  }

  public void add(long amount) {
    value.add(amount);
  }

  public long get() {
    return value.sum();
  }

  @Override
  public String toString() {
    return name + "=" + get();
  }
}
