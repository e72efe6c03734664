package dev.quiver.exec.aggregate;

import org.apache.arrow.vector.FieldVector;

/**
 * An accumulator of a two-argument aggregate (arg_min, corr, regr_slope, ...): before each {@link
 * Accumulator#update} it is given the second argument's column, row {@code rows[i]} beside the update's row i.
 */
interface SecondArgument {
  void second(FieldVector vector, int[] rows);
}
