package dev.quiver.exec.operator;

import dev.quiver.common.batch.Batch;

/** Where an operator sends the batches it makes: {@link #accept} takes ownership of the batch. */
@FunctionalInterface
public interface BatchConsumer {
  void accept(Batch batch);
}
