package dev.quiver.exec.recursive;

import dev.quiver.common.batch.Batch;
import dev.quiver.exec.plan.PlanNode;
import java.io.IOException;
import java.util.List;

/**
 * Runs a part of the running query's plan to its end, inside that query (its memory, threads,
 * cancellation and spill folder): how a recursion runs its steps.
 */
@FunctionalInterface
public interface SubPlanRunner {
  /** Every batch {@code plan} makes, owned by the caller. */
  List<Batch> run(PlanNode plan) throws IOException;
}
