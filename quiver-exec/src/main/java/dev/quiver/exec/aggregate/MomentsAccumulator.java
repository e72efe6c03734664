package dev.quiver.exec.aggregate;

import dev.quiver.exec.plan.AggregateFunction;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Arrays;
import org.apache.arrow.vector.FieldVector;

/**
 * The statistics aggregates (variance, standard deviation, covariance, correlation, the regr_ family) over
 * numerically stable states, with DuckDB's update, merge and final formulas so that answers agree with
 * DuckDB's. Per group a count and, as the function needs them, these parts:
 * <ul>
 * <li>moments of x (and of y): the running mean and M2 = Σ(v - mean)², updated per value by Welford's method
 * and merged by Chan's pairwise formula (the mean through a fused multiply-add);
 * <li>the co-moment: the running means of x and y and C = Σ(x - mean x)(y - mean y), updated as Schubert and
 * Gertz (SSDBM 2018) give it and merged by their pairwise formula;
 * <li>plain sums of x and y (regr_avgx, regr_avgy, regr_intercept).
 * </ul>
 * None of them forms Σv² - (Σv)²/n, which loses every digit when the values are large beside their spread
 * (values near 1e9 with a variance near 1). A one-argument function's value is x; a two-argument one is
 * called (y, x) as SQL writes it. Rows where an argument is NULL are skipped.
 */
final class MomentsAccumulator extends Accumulator implements SecondArgument {
  private static final int MOMENTS_X = 1;
  private static final int MOMENTS_Y = 2;
  private static final int CO_MOMENT = 4;
  private static final int SUMS = 8;

  private final AggregateFunction function;
  private final DoubleArgument first;
  private final DoubleArgument secondArgument;
  private final int parts;
  /** Offsets of each part in a group's slots ({@code -1} when absent), and the slots per group. */
  private final int meanX;
  private final int meanY;
  private final int coMeanX;
  private final int sumX;
  private final int stride;

  private long[] counts = new long[0];
  private double[] slots = new double[0];
  private FieldVector secondVector;
  private int[] secondRows;
  private double[] firstValues = new double[0];
  private double[] secondValues = new double[0];
  private boolean[] firstValid = new boolean[0];
  private boolean[] secondValid = new boolean[0];

  MomentsAccumulator(AggregateFunction function, DoubleArgument first, DoubleArgument second) {
    this.function = function;
    this.first = first;
    this.secondArgument = second;
    this.parts = partsOf(function);
    int offset = 0;
    meanX = (parts & MOMENTS_X) != 0 ? offset : -1;
    offset += meanX >= 0 ? 2 : 0;
    meanY = (parts & MOMENTS_Y) != 0 ? offset : -1;
    offset += meanY >= 0 ? 2 : 0;
    coMeanX = (parts & CO_MOMENT) != 0 ? offset : -1;
    offset += coMeanX >= 0 ? 3 : 0;
    sumX = (parts & SUMS) != 0 ? offset : -1;
    offset += sumX >= 0 ? 2 : 0;
    stride = offset;
  }

  private static int partsOf(AggregateFunction function) {
    return switch (function) {
      case VAR_SAMP, VAR_POP, STDDEV_SAMP, STDDEV_POP, REGR_SXX -> MOMENTS_X;
      case REGR_SYY -> MOMENTS_Y;
      case COVAR_SAMP, COVAR_POP, REGR_SXY -> CO_MOMENT;
      case CORR, REGR_R2 -> CO_MOMENT | MOMENTS_X | MOMENTS_Y;
      case REGR_SLOPE -> CO_MOMENT | MOMENTS_X;
      case REGR_INTERCEPT -> CO_MOMENT | MOMENTS_X | SUMS;
      case REGR_AVGX, REGR_AVGY -> SUMS;
      case REGR_COUNT -> 0;
      default -> throw new IllegalStateException(function.toString());
    };
  }

  @Override
  public void second(FieldVector vector, int[] rows) {
    this.secondVector = vector;
    this.secondRows = rows;
  }

  @Override
  int bytesPerGroup() {
    return 8 + 8 * stride;
  }

  @Override
  void ensureGroups(int groups) {
    if (groups > counts.length) {
      counts = Arrays.copyOf(counts, groups);
      slots = Arrays.copyOf(slots, groups * stride);
    }
  }

  @Override
  void update(int[] groups, FieldVector values, int[] rows, int count) {
    if (firstValues.length < count) {
      firstValues = new double[count];
      secondValues = new double[count];
      firstValid = new boolean[count];
      secondValid = new boolean[count];
    }
    first.read(values, rows, count, firstValues, firstValid);
    boolean binary = secondArgument != null;
    if (binary) {
      secondArgument.read(secondVector, secondRows, count, secondValues, secondValid);
      secondVector = null;
      secondRows = null;
    }
    // a one-argument function's x is its argument; a two-argument one's is the second (y, x)
    double[] xs = binary ? secondValues : firstValues;
    double[] ys = binary ? firstValues : null;
    for (int i = 0; i < count; i++) {
      if (!firstValid[i] || binary && !secondValid[i]) {
        continue;
      }
      add(groups[i], xs[i], binary ? ys[i] : 0);
    }
  }

  /** One row into group {@code group}'s state, by DuckDB's update formulas. */
  private void add(int group, double x, double y) {
    double n = ++counts[group];
    int base = group * stride;
    if (meanX >= 0) {
      welford(base + meanX, x, n);
    }
    if (meanY >= 0) {
      welford(base + meanY, y, n);
    }
    if (coMeanX >= 0) {
      int at = base + coMeanX;
      double dx = x - slots[at];
      double newMeanX = slots[at] + dx / n;
      double dy = y - slots[at + 1];
      double newMeanY = slots[at + 1] + dy / n;
      slots[at + 2] += dx * (y - newMeanY);
      slots[at] = newMeanX;
      slots[at + 1] = newMeanY;
    }
    if (sumX >= 0) {
      slots[base + sumX] += x;
      slots[base + sumX + 1] += y;
    }
  }

  /** Welford's step: slots[at] the mean, slots[at + 1] M2, n the count with this value. */
  private void welford(int at, double value, double n) {
    double mean = slots[at];
    double newMean = mean + (value - mean) / n;
    slots[at + 1] += (value - newMean) * (value - mean);
    slots[at] = newMean;
  }

  @Override
  void merge(Accumulator other, int from, int count, int[] targets) {
    MomentsAccumulator theirs = (MomentsAccumulator) other;
    for (int i = 0; i < count; i++) {
      combine(targets[i], theirs.counts[from + i], theirs.slots, (from + i) * stride);
    }
  }

  /** Merges a state (count {@code sourceCount}, slots from {@code source[at]}) into group {@code target}. */
  private void combine(int target, long sourceCount, double[] source, int at) {
    if (sourceCount == 0) {
      return;
    }
    long targetCount = counts[target];
    int base = target * stride;
    if (targetCount == 0) {
      counts[target] = sourceCount;
      System.arraycopy(source, at, slots, base, stride);
      return;
    }
    double sourceN = sourceCount;
    double targetN = targetCount;
    double total = (double) (sourceCount + targetCount);
    if (meanX >= 0) {
      chan(base + meanX, source, at + meanX, sourceN, targetN, total);
    }
    if (meanY >= 0) {
      chan(base + meanY, source, at + meanY, sourceN, targetN, total);
    }
    if (coMeanX >= 0) {
      int t = base + coMeanX;
      int s = at + coMeanX;
      double meanX = (sourceN * source[s] + targetN * slots[t]) / total;
      double meanY = (sourceN * source[s + 1] + targetN * slots[t + 1]) / total;
      double deltaX = slots[t] - source[s];
      double deltaY = slots[t + 1] - source[s + 1];
      slots[t + 2] = source[s + 2] + slots[t + 2] + deltaX * deltaY * sourceN * targetN / total;
      slots[t] = meanX;
      slots[t + 1] = meanY;
    }
    if (sumX >= 0) {
      slots[base + sumX] += source[at + sumX];
      slots[base + sumX + 1] += source[at + sumX + 1];
    }
    counts[target] = sourceCount + targetCount;
  }

  /** Chan's pairwise merge of (mean, M2) at {@code source[s]} into {@code slots[t]}. */
  private void chan(int t, double[] source, int s, double sourceN, double targetN, double total) {
    double delta = source[s] - slots[t];
    double mean = Math.fma(sourceN / total, delta, slots[t]);
    slots[t + 1] = source[s + 1] + slots[t + 1] + delta * delta * sourceN * targetN / total;
    slots[t] = mean;
  }

  @Override
  void write(FieldVector out, int[] ids, int count) {
    ResultWriter.allocate(out, count);
    for (int i = 0; i < count; i++) {
      int group = ids[i];
      if (function == AggregateFunction.REGR_COUNT) {
        ResultWriter.setLong(out, i, counts[group]);
        continue;
      }
      if (!isNull(group)) {
        ResultWriter.setDouble(out, i, result(group));
      }
    }
    out.setValueCount(count);
  }

  /** Whether the group's answer is NULL. */
  private boolean isNull(int group) {
    long n = counts[group];
    return switch (function) {
      case VAR_SAMP, STDDEV_SAMP, COVAR_SAMP -> n <= 1;
      case REGR_INTERCEPT -> n == 0 || Double.isNaN(slope(group));
      case REGR_R2 -> populationVariance(group, meanX) == 0;
      default -> n == 0;
    };
  }

  /** The answer of a group whose answer is not NULL (it may be NaN, as DuckDB's). */
  private double result(int group) {
    long n = counts[group];
    int base = group * stride;
    return switch (function) {
      case VAR_SAMP -> slots[base + meanX + 1] / (n - 1);
      case VAR_POP -> populationVariance(group, meanX);
      case STDDEV_SAMP -> Math.sqrt(slots[base + meanX + 1] / (n - 1));
      case STDDEV_POP -> n > 1 ? Math.sqrt(slots[base + meanX + 1] / n) : 0;
      case COVAR_SAMP -> slots[base + coMeanX + 2] / (n - 1);
      case COVAR_POP -> slots[base + coMeanX + 2] / n;
      case CORR -> correlation(group);
      case REGR_SLOPE -> slope(group);
      case REGR_INTERCEPT -> {
        double slope = slope(group);
        double averageX = slots[base + sumX] / n;
        double averageY = slots[base + sumX + 1] / n;
        yield averageY - slope * averageX;
      }
      case REGR_R2 -> {
        if (populationVariance(group, meanY) == 0) {
          yield 1;
        }
        double correlation = correlation(group);
        yield correlation * correlation;
      }
      case REGR_AVGX -> slots[base + sumX] / n;
      case REGR_AVGY -> slots[base + sumX + 1] / n;
      case REGR_SXX -> (double) n * populationVariance(group, meanX);
      case REGR_SYY -> (double) n * populationVariance(group, meanY);
      case REGR_SXY -> (double) n * (slots[base + coMeanX + 2] / n);
      default -> throw new IllegalStateException(function.toString());
    };
  }

  /** M2 / n of the moments at {@code part} (0 for fewer than two values). */
  private double populationVariance(int group, int part) {
    long n = counts[group];
    return n > 1 ? slots[group * stride + part + 1] / n : 0;
  }

  private double slope(int group) {
    long n = counts[group];
    double covariance = slots[group * stride + coMeanX + 2] / n;
    double variance = populationVariance(group, meanX);
    return variance != 0 ? covariance / variance : Double.NaN;
  }

  private double correlation(int group) {
    long n = counts[group];
    double covariance = slots[group * stride + coMeanX + 2] / n;
    double deviationX = n > 1 ? Math.sqrt(slots[group * stride + meanX + 1] / n) : 0;
    double deviationY = n > 1 ? Math.sqrt(slots[group * stride + meanY + 1] / n) : 0;
    return deviationX * deviationY != 0 ? covariance / (deviationX * deviationY) : Double.NaN;
  }

  @Override
  void writeState(DataOutputStream out, int[] ids, int count) throws IOException {
    for (int k = 0; k < count; k++) {
      int group = ids[k];
      out.writeLong(counts[group]);
      for (int s = 0; s < stride; s++) {
        out.writeDouble(slots[group * stride + s]);
      }
    }
  }

  @Override
  void readState(DataInputStream in, int[] targets, int count) throws IOException {
    double[] state = new double[stride];
    for (int i = 0; i < count; i++) {
      long n = in.readLong();
      for (int s = 0; s < stride; s++) {
        state[s] = in.readDouble();
      }
      combine(targets[i], n, state, 0);
    }
  }
}
