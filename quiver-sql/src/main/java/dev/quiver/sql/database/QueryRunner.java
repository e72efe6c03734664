package dev.quiver.sql.database;

import dev.quiver.exec.execution.QueryExecution;
import dev.quiver.exec.plan.PlanNode;
import dev.quiver.sql.catalog.Catalog;
import org.apache.arrow.memory.BufferAllocator;

/** What the database's statements need of the session: planning and running the queries they are made of. */
public interface QueryRunner {
  /** The plan of a query (SELECT, WITH or VALUES). */
  PlanNode plan(String sql);

  /** Runs a plan; the caller closes the execution. */
  QueryExecution execute(PlanNode plan);

  BufferAllocator allocator();

  Catalog catalog();
}
