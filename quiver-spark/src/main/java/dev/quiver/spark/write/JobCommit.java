package dev.quiver.spark.write;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.spark.files.Manifest;
import dev.quiver.spark.files.ManifestStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.spark.sql.connector.write.WriterCommitMessage;

/**
 * The driver's side of a write job. {@link #commit} publishes the next manifest version (append: the
 * previous files plus the job's; overwrite: the job's only, the previous ones recorded as retired),
 * retrying on top of a concurrent committer that won the version; then it cleans up: the files
 * retired by the version {@link WriteOptions#retainVersions()} before the new one (default: the
 * previous one; no reader of the versions kept uses them), manifests older than that version, and
 * this job's stray attempt files. {@link #abort} deletes the
 * job's files and leaves the manifest as it was. Cleanup is best effort: whatever stays behind is
 * never listed by a manifest, so readers never see it.
 */
final class JobCommit {
  static final int MAX_ATTEMPTS = 100;

  private JobCommit() {}

  static Manifest commit(WriteJob job, WriteMode mode, WriterCommitMessage[] messages) {
    Path root = job.rootPath();
    List<Manifest.Entry> written = written(messages);
    Set<String> writtenPaths = new HashSet<>();
    written.forEach(entry -> writtenPaths.add(entry.path()));
    for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      TableState state = TableState.of(root);
      if (mode == WriteMode.CREATE && state.exists()) {
        throw TableState.alreadyExists(root);
      }
      if (mode == WriteMode.APPEND) {
        state.requireAppendable(root, job);
      }
      List<Manifest.Entry> files = new ArrayList<>();
      List<Manifest.Entry> retired = new ArrayList<>();
      for (Manifest.Entry entry : state.files()) {
        if (writtenPaths.contains(entry.path())) {
          continue;
        }
        (mode == WriteMode.OVERWRITE ? retired : files).add(entry);
      }
      files.addAll(written);
      long version = state.manifest().map(previous -> previous.version() + 1).orElse(1L);
      Manifest next = new Manifest(version, job.jobId(), job.dataSchema(), job.partitionSchema(), files, retired);
      if (state.manifest().isPresent() && ManifestStore.read(root, version - 1).isEmpty()) {
        // the version this commit builds on was cleaned up: newer ones committed meanwhile, and the name
        // of version n+1 may be free again; publishing it would put the job's files below the latest
        continue;
      }
      boolean published;
      try {
        published = ManifestStore.publish(root, next);
      } catch (IOException failure) {
        throw new QuiverException(ErrorCode.IO, "writing manifest version " + version + " of " + root, failure);
      }
      if (published) {
        try {
          cleanUp(job, state, next);
        } catch (RuntimeException ignored) {
          // never fail a published commit: the caller would abort and delete files the manifest lists
        }
        return next;
      }
    }
    throw new QuiverException(ErrorCode.IO, "could not commit to " + root + ": " + MAX_ATTEMPTS
        + " concurrent commits won the next manifest version first");
  }

  static void abort(WriteJob job, WriterCommitMessage[] messages) {
    Path root = job.rootPath();
    for (Manifest.Entry entry : written(messages)) {
      deleteQuietly(root.resolve(entry.path()));
    }
    sweep(job, Set.of());
  }

  private static List<Manifest.Entry> written(WriterCommitMessage[] messages) {
    List<Manifest.Entry> entries = new ArrayList<>();
    if (messages == null) {
      return entries;
    }
    for (WriterCommitMessage message : messages) {
      if (message instanceof TaskCommit task) {
        for (TaskCommit.WrittenFile file : task.files()) {
          entries.add(new Manifest.Entry(file.path(), file.length()));
        }
      }
    }
    return entries;
  }

  private static void cleanUp(WriteJob job, TableState previous, Manifest next) {
    Path root = job.rootPath();
    Set<String> listed = new HashSet<>();
    next.files().forEach(entry -> listed.add(entry.path()));
    long expired = next.version() - job.options().retainVersions();
    Optional<Manifest> old = previous.manifest().filter(manifest -> manifest.version() == expired);
    if (old.isEmpty() && expired >= 1) {
      old = ManifestStore.read(root, expired);
    }
    old.ifPresent(manifest -> {
      for (Manifest.Entry entry : manifest.retired()) {
        if (!listed.contains(entry.path())) {
          deleteQuietly(root.resolve(entry.path()));
        }
      }
    });
    ManifestStore.deleteBelow(root, Math.max(expired, 1));
    sweep(job, listed);
  }

  /** Deletes the files below the table folder that carry the job's id and are not in {@code keep}. */
  static void sweep(WriteJob job, Set<String> keep) {
    Path root = job.rootPath();
    if (!Files.isDirectory(root)) {
      return;
    }
    try (Stream<Path> entries = Files.walk(root)) {
      entries.filter(path -> !path.startsWith(root.resolve(ManifestStore.FOLDER)))
          .filter(path -> path.getFileName().toString().contains(job.jobId()))
          .filter(path -> !keep.contains(root.relativize(path).toString().replace('\\', '/')))
          .filter(Files::isRegularFile)
          .forEach(JobCommit::deleteQuietly);
    } catch (IOException | UncheckedIOException failure) {
      // best effort: a stray file is hidden or unlisted, never read
    }
  }

  private static void deleteQuietly(Path path) {
    try {
      Files.deleteIfExists(path);
    } catch (IOException ignored) {
      // never listed by a manifest, so never read
    }
  }
}
