package dev.quiver.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.quiver.bench.run.ChildJvm;
import dev.quiver.bench.run.MeasureRequest;
import dev.quiver.bench.run.MeasureResult;
import dev.quiver.bench.run.PersistentJvm;
import dev.quiver.bench.run.Workload;
import dev.quiver.bench.run.WorkloadSession;
import dev.quiver.common.memory.Allocators;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The entry point of a persistent measurement JVM (started by {@link PersistentJvm}): reads one
 * {@link MeasureRequest} as JSON per line on standard input and answers each with one line on
 * standard output, {@value #RESULT_PREFIX} and the {@link MeasureResult} as JSON, or
 * {@link PersistentJvm#ERROR_PREFIX} and {@code {"message": ...}} when the measurement failed; a failed
 * measurement does not end the JVM. Each request is measured as {@link MeasureMain} measures it (its
 * warm-up passes, then one timed pass), on a workload of the session its suite, system, threads and
 * parameters share ({@link MeasureMain#sessions}: one SQL arm, made on the first request, for every
 * query). The reported peak resident memory is that of the measured pass: the peak is reset before it
 * ({@code /proc/self/clear_refs}) and read after, so it includes what the warm process already held;
 * -1 where it cannot be reset. The result's details add {@value #REQUESTS} (requests this JVM read,
 * this one included) and {@value #SESSIONS} (sessions it has opened). When standard input ends, every
 * session is closed and the root Arrow allocator must then be empty: otherwise an error line says
 * what is left and the JVM exits with 1.
 */
public final class MeasureServer {
  public static final String RESULT_PREFIX = ChildJvm.RESULT_PREFIX;
  public static final String ERROR_PREFIX = PersistentJvm.ERROR_PREFIX;
  /** The details key of how many requests the JVM has read, the reported one included. */
  public static final String REQUESTS = "jvmRequests";
  /** The details key of how many sessions (SQL arms) the JVM has opened. */
  public static final String SESSIONS = "jvmSessions";
  private static final int STACK_LINES = 25;

  private MeasureServer() {}

  public static void main(String[] arguments) throws Exception {
    PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
    // What the workloads print must not be taken for answers: it goes to standard error.
    System.setOut(System.err);
    BufferedReader requests = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    int status = serve(requests, protocol, Allocators.newRoot(), MeasureMain::sessions);
    protocol.flush();
    System.exit(status);
  }

  /** One open session and the allocator of what it keeps. */
  private record Open(WorkloadSession session, BufferAllocator kept) {}

  /**
   * Answers every request on {@code requests} until it ends, then closes the sessions and checks and
   * closes {@code root}.
   *
   * @param sessions each suite's sessions
   * @return 0, or 1 when a session did not close or Arrow memory was left allocated
   */
  public static int serve(BufferedReader requests, PrintStream out, BufferAllocator root,
      Function<String, WorkloadSession.Factory> sessions) throws IOException {
    ObjectMapper json = new ObjectMapper();
    Map<String, Open> open = new LinkedHashMap<>();
    long served = 0;
    for (String line = requests.readLine(); line != null; line = requests.readLine()) {
      if (line.isBlank()) {
        continue;
      }
      served++;
      String answer;
      try {
        MeasureRequest request = json.readValue(line, MeasureRequest.class);
        String key = json.writeValueAsString(List.of(request.suite(), request.system(), request.threads(),
            new TreeMap<>(request.parameters())));
        Open session = open.get(key);
        if (session == null) {
          session = open(sessions.apply(request.suite()), request, root, open.size());
          open.put(key, session);
        }
        MeasureResult result = measure(request, session.session(), root, served);
        Map<String, Long> details = new LinkedHashMap<>(result.details());
        details.put(REQUESTS, served);
        details.put(SESSIONS, (long) open.size());
        answer = RESULT_PREFIX + json.writeValueAsString(new MeasureResult(result.nanos(), result.operations(),
            result.peakRssBytes(), result.answer(), result.checksum(), details));
      } catch (Exception | OutOfMemoryError | StackOverflowError | AssertionError failure) {
        answer = ERROR_PREFIX + json.writeValueAsString(Map.of("message", describe(failure)));
        failure.printStackTrace();
      }
      out.println(answer);
      out.flush();
    }
    List<String> problems = new ArrayList<>();
    for (Open session : open.values()) {
      try {
        session.session().close();
      } catch (Exception failure) {
        problems.add("a session did not close: " + describe(failure));
      }
      try {
        Allocators.closeChecked(session.kept());
      } catch (RuntimeException leak) {
        problems.add(leak.getMessage());
      }
    }
    long left = root.getAllocatedMemory();
    if (left != 0) {
      problems.add("the root Arrow allocator still holds " + left + " bytes after every session closed:\n"
          + root.toVerboseString());
    } else {
      root.close();
    }
    for (String problem : problems) {
      out.println(ERROR_PREFIX + json.writeValueAsString(Map.of("message", problem)));
    }
    out.flush();
    return problems.isEmpty() ? 0 : 1;
  }

  private static Open open(WorkloadSession.Factory factory, MeasureRequest request, BufferAllocator root, int number)
      throws Exception {
    BufferAllocator kept = root.newChildAllocator("session " + number, 0, Long.MAX_VALUE);
    try {
      return new Open(factory.open(request, kept), kept);
    } catch (Exception failure) {
      kept.close();
      throw failure;
    }
  }

  /**
   * One request on {@code session}: its workload, its passes under an allocator of their own (empty
   * after every pass, closed after the request: a leak fails the request), the peak of the measured pass.
   */
  private static MeasureResult measure(MeasureRequest request, WorkloadSession session, BufferAllocator root,
      long number) throws Exception {
    try (BufferAllocator passes = root.newChildAllocator("passes of request " + number, 0, Long.MAX_VALUE);
        Workload workload = session.workload(request)) {
      return MeasureMain.passes(request, workload, passes, true);
    }
  }

  /** The failure and the first lines of its stack trace. */
  private static String describe(Throwable failure) {
    StringWriter text = new StringWriter();
    failure.printStackTrace(new PrintWriter(text));
    List<String> lines = text.toString().lines().toList();
    return String.join("\n", lines.subList(0, Math.min(STACK_LINES, lines.size())));
  }
}
