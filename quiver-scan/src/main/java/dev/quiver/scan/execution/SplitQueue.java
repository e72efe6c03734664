package dev.quiver.scan.execution;

import dev.quiver.common.batch.Batch;
import dev.quiver.scan.plan.Split;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.function.Function;

/**
 * Splits submitted in row order with at most {@code window} submitted and not yet taken by the
 * consumer: the window bounds memory, and a slow consumer holds the pool back (back-pressure).
 * Ordered output takes results in split order; unordered output takes whichever finished first.
 */
final class SplitQueue {
  private final List<Split> splits;
  private final ExecutorCompletionService<Batch> completion;
  private final Function<Split, Callable<Batch>> task;
  private final int window;
  private final boolean ordered;
  private final Deque<Future<Batch>> submitted = new ArrayDeque<>();
  private int nextSplit;
  private int outstanding;

  SplitQueue(List<Split> splits, ExecutorService pool, Function<Split, Callable<Batch>> task,
      int window, boolean ordered) {
    this.splits = splits;
    this.completion = new ExecutorCompletionService<>(pool);
    this.task = task;
    this.window = window;
    this.ordered = ordered;
  }

  /** The next finished result (waiting for it), or null when every split has been taken. */
  @SuppressWarnings("CollectionUndefinedEquality") // identity is meant: take() returns the futures submit() did
  Future<Batch> next() throws InterruptedException {
    while (outstanding < window && nextSplit < splits.size()) {
      submitted.addLast(completion.submit(task.apply(splits.get(nextSplit++))));
      outstanding++;
    }
    if (outstanding == 0) {
      return null;
    }
    outstanding--;
    if (ordered) {
      Future<Batch> head = submitted.removeFirst();
      // keep the completion queue in step; any finished one will do
      Future<Batch> unused = completion.take();
      return head;
    }
    Future<Batch> done = completion.take();
    submitted.remove(done);
    return done;
  }

  /** Every submitted future not yet taken (to cancel and clean up on close). */
  Deque<Future<Batch>> pending() {
    return submitted;
  }
}
