package dev.quiver.bench.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The process's peak resident set (VmHWM in /proc/self/status, Linux), and its reset (writing
 * {@code 5} to /proc/self/clear_refs sets VmHWM to the current resident set), with which a
 * persistent measurement JVM reports the peak of one pass: that peak includes the resident memory the
 * warm process already held when the pass started.
 */
public final class PeakMemory {
  private PeakMemory() {}

  /**
   * Resets the peak to the current resident set.
   *
   * @return whether it could be reset (false where /proc/self/clear_refs is missing or not writable)
   */
  public static boolean reset() {
    try {
      Files.writeString(Path.of("/proc/self/clear_refs"), "5");
      return true;
    } catch (IOException | RuntimeException impossible) {
      return false;
    }
  }

  /** Peak resident bytes so far, or -1 where /proc/self/status has no VmHWM. */
  public static long peakResidentBytes() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("VmHWM:")) {
          String[] parts = line.substring(6).trim().split("\\s+");
          return Long.parseLong(parts[0]) * 1024;
        }
      }
    } catch (IOException | RuntimeException unreadable) {
      return -1;
    }
    return -1;
  }
}
