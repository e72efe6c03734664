package dev.quiver.exec.sort;

import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.Sink;
import dev.quiver.exec.operator.SinkFactory;
import java.util.List;

/** Feeds pieces into one sink on the calling thread and combines it, without finishing the factory. */
final class SinkFeeder {
  private SinkFeeder() {}

  static void feedWithoutFinish(SinkFactory factory, ExecutionContext context, List<SortTestData.Piece> pieces) {
    try (Sink sink = factory.create(context)) {
      for (SortTestData.Piece piece : pieces) {
        sink.consume(SortTestData.batch(piece, context.allocator()));
      }
      factory.combine(sink, context);
    }
  }
}
