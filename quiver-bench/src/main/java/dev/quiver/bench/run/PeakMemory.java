package dev.quiver.bench.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The process's peak resident set (VmHWM in /proc/self/status, Linux). */
public final class PeakMemory {
  private PeakMemory() {}

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
