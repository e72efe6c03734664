package dev.quiver.sql;

import java.util.Collection;
import java.util.Locale;

/** The closest existing name to a misspelt one, for "did you mean" in messages. */
public final class NameSuggestions {
  private NameSuggestions() {}

  /**
   * The candidate closest to {@code name} by edit distance (ignoring case), or null when none is
   * close enough to be a likely typo (more than a third of the name's letters differ).
   */
  public static String closest(String name, Collection<String> candidates) {
    String target = name.toLowerCase(Locale.ROOT);
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String candidate : candidates) {
      int distance = distance(target, candidate.toLowerCase(Locale.ROOT));
      if (distance < bestDistance) {
        bestDistance = distance;
        best = candidate;
      }
    }
    int allowed = Math.max(2, target.length() / 3);
    return best != null && bestDistance <= allowed && bestDistance > 0 ? best : null;
  }

  /** {@code " did you mean 'x'?"} or the empty string. */
  public static String didYouMean(String name, Collection<String> candidates) {
    String closest = closest(name, candidates);
    return closest == null ? "" : "; did you mean '" + closest + "'?";
  }

  /** Levenshtein distance. */
  static int distance(String first, String second) {
    int[] previous = new int[second.length() + 1];
    int[] current = new int[second.length() + 1];
    for (int j = 0; j <= second.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= first.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= second.length(); j++) {
        int substitution = previous[j - 1] + (first.charAt(i - 1) == second.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j] + 1, current[j - 1] + 1));
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[second.length()];
  }
}
