package dev.quiver.bench.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Measures in long-lived JVMs: one per suite, system, thread count and parameters (the data, the memory
 * limit), started on its first request with the options a {@link ChildJvm} gets, and sent every
 * request of that key, so that a measurement runs in a JVM that has run the suite's other subjects
 * too (its JIT warm, as in a server that has been answering queries). The child's main class
 * ({@code dev.quiver.bench.MeasureServer}) reads one {@link MeasureRequest} as JSON per line on its
 * standard input and answers each with one line: {@link ChildJvm#RESULT_PREFIX} and the
 * {@link MeasureResult}, or {@link #ERROR_PREFIX} and {@code {"message": ...}} when the measurement
 * failed (the child goes on). A child that dies or does not answer within the timeout is reported as
 * the failure of that measurement and forgotten: the next request of its key starts a new one.
 * {@link #close} closes every child's standard input, waits for it to end and reports any child that
 * did not end cleanly (an error line, such as Arrow memory still allocated, or a non-zero exit).
 */
public final class PersistentJvm implements Measurer {
  /** What a child prints before {@code {"message": ...}} when a measurement, or its ending, failed. */
  public static final String ERROR_PREFIX = "QUIVER-BENCH-ERROR ";

  private static final long DEFAULT_TIMEOUT_MILLIS = TimeUnit.MINUTES.toMillis(30);
  private static final long CLOSE_TIMEOUT_MILLIS = TimeUnit.MINUTES.toMillis(2);

  private final String mainClass;
  private final List<String> options;
  private final long timeoutMillis;
  private final ObjectMapper json = new ObjectMapper();
  private final Map<String, Child> children = new LinkedHashMap<>();
  private int started;

  /**
   * @param mainClass the child's main class (the protocol above)
   * @param extraOptions options after {@link ChildJvm#DEFAULT_OPTIONS}
   */
  public PersistentJvm(String mainClass, List<String> extraOptions) {
    this(mainClass, extraOptions, DEFAULT_TIMEOUT_MILLIS);
  }

  /** {@link #PersistentJvm(String, List)} with how long one measurement may take. */
  public PersistentJvm(String mainClass, List<String> extraOptions, long timeoutMillis) {
    this.mainClass = mainClass;
    List<String> all = new ArrayList<>(ChildJvm.DEFAULT_OPTIONS);
    all.addAll(extraOptions);
    this.options = List.copyOf(all);
    this.timeoutMillis = timeoutMillis;
  }

  @Override
  public List<String> options() {
    return options;
  }

  /** How many children were started so far (a child that died is replaced by a new one). */
  public synchronized int started() {
    return started;
  }

  @Override
  public synchronized MeasureResult run(MeasureRequest request) throws IOException {
    String key = key(request);
    Child child = children.get(key);
    if (child == null) {
      child = start(request);
      children.put(key, child);
    }
    try {
      return child.ask(request);
    } catch (ChildGone gone) {
      children.remove(key);
      child.process.destroyForcibly();
      String tail = child.errorTail();
      child.deleteErrors();
      throw new QuiverException(ErrorCode.INTERNAL, "the measurement of " + ChildJvm.describe(request) + " "
          + gone.getMessage() + "; the next measurement of " + request.system() + " at " + request.threads()
          + " thread" + (request.threads() == 1 ? "" : "s") + " starts a new persistent JVM"
          + (tail.isEmpty() ? "" : "; its standard error ends:\n  " + tail));
    }
  }

  /** The children's key: suite, system, threads and parameters (in a canonical order). */
  private String key(MeasureRequest request) throws IOException {
    return json.writeValueAsString(List.of(request.suite(), request.system(), request.threads(),
        new TreeMap<>(request.parameters())));
  }

  private Child start(MeasureRequest request) throws IOException {
    List<String> command = ChildJvm.command(options, mainClass);
    Path errors = Files.createTempFile("quiver-bench-persistent", ".err");
    Process process;
    try {
      process = new ProcessBuilder(command).redirectError(errors.toFile()).start();
    } catch (IOException failure) {
      Files.deleteIfExists(errors);
      throw failure;
    }
    started++;
    return new Child(process, errors, request.system() + " at " + request.threads() + " thread"
        + (request.threads() == 1 ? "" : "s") + " (" + request.suite() + ")");
  }

  /**
   * Closes every child's standard input and waits for it to end (ending it after two minutes).
   *
   * @throws IOException naming each child that did not end cleanly, and why
   */
  @Override
  public synchronized void close() throws IOException {
    List<String> problems = new ArrayList<>();
    for (Child child : children.values()) {
      String problem = child.end();
      if (problem != null) {
        problems.add(problem);
      }
    }
    children.clear();
    if (!problems.isEmpty()) {
      throw new IOException(String.join("\n", problems));
    }
  }

  /** The child's standard output ended or could not be written: it died. */
  private static final class ChildGone extends Exception {
    private static final long serialVersionUID = 1L;

    ChildGone(String message) {
      super(message, null, false, false);
    }
  }

  /** One live child: its process, its standard error's file, its output lines as a reader thread queues them. */
  private final class Child {
    final Process process;
    final Path errors;
    final String name;
    final Writer input;
    /** The child's output lines; empty when it ended. */
    final BlockingQueue<Optional<String>> lines = new LinkedBlockingQueue<>();
    int requests;

    Child(Process process, Path errors, String name) {
      this.process = process;
      this.errors = errors;
      this.name = name;
      this.input = new java.io.OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
      Thread reader = new Thread(this::readOutput, "persistent JVM output: " + name);
      reader.setDaemon(true);
      reader.start();
    }

    private void readOutput() {
      try (BufferedReader output = new BufferedReader(
          new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line = output.readLine(); line != null; line = output.readLine()) {
          lines.add(Optional.of(line));
        }
      } catch (IOException closed) {
        // the child is gone: the empty line below says so
      } finally {
        lines.add(Optional.empty());
      }
    }

    MeasureResult ask(MeasureRequest request) throws IOException, ChildGone {
      requests++;
      try {
        input.write(json.writeValueAsString(request));
        input.write('\n');
        input.flush();
      } catch (IOException broken) {
        throw new ChildGone("could not be sent to its persistent JVM (" + broken.getMessage() + "): "
            + exited());
      }
      long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
      try {
        while (true) {
          Optional<String> next = lines.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
          if (next == null) {
            throw new ChildGone("did not finish in " + timeoutMillis / 1000 + " s in its persistent JVM, which was"
                + " ended");
          }
          if (next.isEmpty()) {
            throw new ChildGone("ended its persistent JVM (request " + requests + " of that JVM): " + exited());
          }
          String line = next.get();
          if (line.startsWith(ChildJvm.RESULT_PREFIX)) {
            return json.readValue(line.substring(ChildJvm.RESULT_PREFIX.length()), MeasureResult.class);
          }
          if (line.startsWith(ERROR_PREFIX)) {
            throw new QuiverException(ErrorCode.INTERNAL, "the measurement of " + ChildJvm.describe(request)
                + " failed in its persistent JVM (which goes on): " + message(line));
          }
          // anything else the child printed is not ours
        }
      } catch (InterruptedException interrupted) {
        Thread.currentThread().interrupt();
        throw new java.io.InterruptedIOException("interrupted while measuring " + ChildJvm.describe(request));
      }
    }

    /** How the process ended (waiting a little for it), or that it still runs. */
    private String exited() {
      try {
        if (process.waitFor(10, TimeUnit.SECONDS)) {
          return "it exited with " + process.exitValue();
        }
      } catch (InterruptedException interrupted) {
        Thread.currentThread().interrupt();
      }
      return "it no longer reads or writes";
    }

    private String message(String line) {
      try {
        return json.readTree(line.substring(ERROR_PREFIX.length())).path("message").asText();
      } catch (IOException unreadable) {
        return line.substring(ERROR_PREFIX.length());
      }
    }

    /** Closes the child's input and waits for it; returns what went wrong, or null. */
    String end() {
      List<String> problems = new ArrayList<>();
      try {
        input.close();
      } catch (IOException alreadyGone) {
        // the exit status below tells
      }
      try {
        if (!process.waitFor(CLOSE_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)) {
          process.destroyForcibly();
          problems.add("did not end within " + CLOSE_TIMEOUT_MILLIS / 1000 + " s of its input's end, and was ended");
        } else if (process.exitValue() != 0) {
          problems.add("exited with " + process.exitValue());
        }
        for (Optional<String> line = lines.poll(10, TimeUnit.SECONDS); line != null
            && line.isPresent(); line = lines.poll(10, TimeUnit.SECONDS)) {
          if (line.get().startsWith(ERROR_PREFIX)) {
            problems.add(message(line.get()));
          }
        }
      } catch (InterruptedException interrupted) {
        Thread.currentThread().interrupt();
        process.destroyForcibly();
        problems.add("was ended: interrupted while waiting for it");
      }
      String tail = problems.isEmpty() ? "" : errorTail();
      deleteErrors();
      if (problems.isEmpty()) {
        return null;
      }
      return "the persistent JVM of " + name + " did not end cleanly: " + String.join("; ", problems)
          + (tail.isEmpty() ? "" : "; its standard error ends:\n  " + tail);
    }

    String errorTail() {
      try {
        List<String> all = Files.readAllLines(errors, StandardCharsets.UTF_8);
        return String.join("\n  ", all.subList(Math.max(0, all.size() - 25), all.size()));
      } catch (IOException | RuntimeException unreadable) {
        return "";
      }
    }

    void deleteErrors() {
      try {
        Files.deleteIfExists(errors);
      } catch (IOException ignored) {
        // a temporary file
      }
    }
  }
}
