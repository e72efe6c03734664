package dev.quiver.bench.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** What a results record says about where it was measured: machine, JVM, commit. */
public record RunEnvironment(String machine, String jvm, String commit) {

  /** This machine and JVM, and the commit of the git work tree at {@code repository}. */
  public static RunEnvironment detect(Path repository) {
    return new RunEnvironment(describeMachine(),
        System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
        describeCommit(repository));
  }

  static String describeMachine() {
    String cpu = "unknown CPU";
    long memoryKb = -1;
    try {
      for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"), StandardCharsets.UTF_8)) {
        if (line.startsWith("model name")) {
          cpu = line.substring(line.indexOf(':') + 1).trim();
          break;
        }
      }
      for (String line : Files.readAllLines(Path.of("/proc/meminfo"), StandardCharsets.UTF_8)) {
        if (line.startsWith("MemTotal:")) {
          memoryKb = Long.parseLong(line.replaceAll("[^0-9]", ""));
        }
      }
    } catch (IOException | RuntimeException unreadable) {
      // not Linux: the JVM's view below still says something
    }
    return String.format(Locale.ROOT, "%s, %d cores, %.1f GiB, %s %s %s", cpu,
        Runtime.getRuntime().availableProcessors(),
        memoryKb / 1048576.0, System.getProperty("os.name"), System.getProperty("os.version"),
        System.getProperty("os.arch"));
  }

  static String describeCommit(Path repository) {
    try {
      String head = git(repository, "rev-parse", "--short=12", "HEAD").trim();
      if (head.isEmpty()) {
        return "unknown";
      }
      String changes = git(repository, "status", "--porcelain", "--untracked-files=no").trim();
      return changes.isEmpty() ? head : head + "+dirty";
    } catch (IOException failure) {
      return "unknown";
    }
  }

  private static String git(Path repository, String... arguments) throws IOException {
    String[] command = new String[arguments.length + 3];
    command[0] = "git";
    command[1] = "-C";
    command[2] = repository.toString();
    System.arraycopy(arguments, 0, command, 3, arguments.length);
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    try {
      return process.waitFor() == 0 ? output : "";
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      return "";
    }
  }
}
