package dev.quiver.spark.write;

/** How a job's files join the table at commit. */
enum WriteMode {
  /** The previous version's files plus the job's. */
  APPEND,
  /** Only the job's files (the previous ones are retired). */
  OVERWRITE,
  /** The job's files, only when the table does not exist yet (errorifexists, ignore). */
  CREATE
}
