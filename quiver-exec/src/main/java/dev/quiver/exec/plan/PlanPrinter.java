package dev.quiver.exec.plan;

import java.util.function.Function;

/** Prints a plan as an indented tree, one node per line (EXPLAIN), with optional text per node. */
public final class PlanPrinter {
  private PlanPrinter() {}

  public static String print(PlanNode plan) {
    return print(plan, node -> "");
  }

  /** The tree with {@code annotation}'s text (metrics, say) after each node's label. */
  public static String print(PlanNode plan, Function<PlanNode, String> annotation) {
    StringBuilder text = new StringBuilder();
    append(plan, annotation, "", text);
    return text.toString();
  }

  private static void append(PlanNode node, Function<PlanNode, String> annotation, String indent,
      StringBuilder text) {
    text.append(indent).append(node.label());
    String note = annotation.apply(node);
    if (!note.isEmpty()) {
      text.append("  ").append(note);
    }
    text.append('\n');
    for (PlanNode input : node.inputs()) {
      append(input, annotation, indent + "  ", text);
    }
  }
}
